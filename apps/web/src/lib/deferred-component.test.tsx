// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Deferred } from './deferred-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A chunk that arrives when the test says; `fails` makes the first fetch fail (offline). */
function chunk(fails = false) {
  const calls: { resolve: () => void; reject: () => void }[] = [];
  const load = () =>
    new Promise<typeof Greeting>((resolve, reject) => {
      calls.push({ resolve: () => resolve(Greeting), reject: () => reject(new Error('offline')) });
      if (fails && calls.length === 1) reject(new Error('offline'));
    });
  return { load, calls };
}

describe('Deferred', () => {
  it('shows the fallback until the chunk is there, then the component with its props', async () => {
    const { load, calls } = chunk();
    render(<Deferred load={load} needed props={{ name: 'Dara' }} fallback={<button type="button">menu</button>} />);

    expect(screen.getByRole('button', { name: 'menu' })).toBeTruthy();
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.resolve());

    expect(screen.getByText('Hello Dara')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'menu' })).toBeNull();
  });

  it('draws a chunk fetched before at once, without fetching it again', async () => {
    const { load, calls } = chunk();
    const first = render(<Deferred load={load} needed props={{ name: 'Dara' }} />);
    await act(async () => calls[0]?.resolve());
    first.unmount();

    render(<Deferred load={load} props={{ name: 'Bopha' }} fallback="…" />);

    expect(screen.getByText('Hello Bopha')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('tries a failed fetch again when it is needed again', async () => {
    const { load, calls } = chunk(true);
    const view = render(<Deferred load={load} needed props={{ name: 'Dara' }} fallback="waiting" />);
    await act(async () => undefined);
    expect(screen.getByText('waiting')).toBeTruthy();

    view.rerender(<Deferred load={load} needed={false} props={{ name: 'Dara' }} fallback="waiting" />);
    view.rerender(<Deferred load={load} needed props={{ name: 'Dara' }} fallback="waiting" />);
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]?.resolve());

    expect(screen.getByText('Hello Dara')).toBeTruthy();
  });
});
