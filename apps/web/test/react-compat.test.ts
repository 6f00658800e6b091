import { describe, expect, it } from 'vitest';
import { Activity, createElement, version, type ReactElement } from 'react';

interface WrapperProps {
  hidden: boolean;
  style: { display: string };
  children: unknown;
}

/** What Activity renders for a mode (the web tests resolve `react` as the build does: Preact). */
function wrapper(mode: 'visible' | 'hidden' | undefined, children: unknown): ReactElement<WrapperProps> {
  return Activity({ mode, children } as Parameters<typeof Activity>[0]) as ReactElement<WrapperProps>;
}

describe('react in the web app (preact/compat + the Activity shim)', () => {
  it('is Preact, not react-dom', () => {
    // react 19.3.1 is installed too; preact/compat 11 reports its own compat version.
    expect(version).not.toBe('19.3.1');
  });

  it('keeps the same element in both modes, so the subtree is never remounted', () => {
    const child = createElement('input', { defaultValue: 'typed' });
    const shown = wrapper('visible', child);
    const hidden = wrapper('hidden', child);
    expect(hidden.type).toBe(shown.type);
    expect(shown.props.children).toBe(child);
    expect(hidden.props.children).toBe(child);
  });

  it('hides a hidden subtree from layout, the accessibility tree and the tab order', () => {
    const hidden = wrapper('hidden', 'text');
    expect(hidden.props.style.display).toBe('none');
    expect(hidden.props.hidden).toBe(true);
  });

  it('lays a visible subtree out as if there were no wrapper (the default mode)', () => {
    for (const mode of ['visible', undefined] as const) {
      const shown = wrapper(mode, 'text');
      expect(shown.props.style.display).toBe('contents');
      expect(shown.props.hidden).toBe(false);
    }
  });
});
