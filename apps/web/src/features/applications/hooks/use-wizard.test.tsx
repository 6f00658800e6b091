// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { UpdateApplicationRequest } from '@portal/domain/contracts/applications/update-application';
import { APPLICATION as application, APPLICATION_ID as ID } from '../../../test/application';
import { apiError, deferred, json, standInFetch, type Answer, type SentRequest } from '../../../test/fetch-stand-in';
import { testQueryClient } from '../../../test/render';
import { DRAFT_SAVE_DELAY_MS, SAVE_RETRY_DELAYS_MS, useWizard } from './use-wizard';

const UPDATE = `/api/appform/v1/update/${ID}`;
const FIND = `/api/appform/v1/find/${ID}`;

/** The server's answer to a save: the application with the step as sent, at `version`. */
function saved(sent: SentRequest, version: number, base: ApplicationResponse = application): Response {
  const body = sent.body as UpdateApplicationRequest;
  const steps = body.step && body.step.name !== 'supportingDocuments' ? { ...base.steps, [body.step.name]: body.step.data } : base.steps;
  return json(200, { ...base, steps, activeStep: body.activeStep ?? base.activeStep, version });
}

const lifeInsured = (firstName: string) => ({ lifeInsured: { firstName } });

function renderWizard(route: (request: SentRequest) => Answer | undefined) {
  const network = standInFetch(route);
  const queryClient = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(() => useWizard(application, []), { wrapper });
  const saves = () => network.to(UPDATE).map((r) => r.body as UpdateApplicationRequest);
  return { ...view, network, saves };
}

/** Lets fake time pass, with the promises it releases settled. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useWizard save queue', () => {
  it('saves the latest draft once typing pauses, with the version read', async () => {
    vi.useFakeTimers();
    const { result, saves } = renderWizard((r) => (r.method === 'POST' ? saved(r, 4) : undefined));

    act(() => result.current.update('personalInfo', lifeInsured('D')));
    await pass(DRAFT_SAVE_DELAY_MS / 2);
    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS - 1);
    expect(saves()).toEqual([]);

    await pass(1);
    expect(saves()).toEqual([{ version: 3, step: { name: 'personalInfo', data: lifeInsured('Dara'), complete: false } }]);
    expect(result.current.saveState).toBe('saved');
    expect(result.current.version()).toBe(4);
  });

  it('sends one save at a time, each with the version the one before it answered', async () => {
    vi.useFakeTimers();
    const first = deferred();
    let answered = 0;
    const { result, saves } = renderWizard((r) => {
      answered += 1;
      return answered === 1 ? first.answer : saved(r, 5);
    });

    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS);
    expect(result.current.saveState).toBe('saving');

    // Next step while the draft's save is on its way: the step save waits for it.
    act(() => result.current.goTo(1));
    await pass(0);
    expect(saves()).toHaveLength(1);

    first.send(saved({ body: saves()[0] } as SentRequest, 4));
    await pass(0);
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toEqual({
      version: 4,
      activeStep: 1,
      step: { name: 'personalInfo', data: lifeInsured('Dara'), complete: false },
    });
    expect(result.current.active).toBe(1);
    expect(result.current.saveState).toBe('saved');
    expect(result.current.version()).toBe(5);
  });

  it('tries a save the network lost again by itself, and says so meanwhile', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { result, saves } = renderWizard((r) => {
      calls += 1;
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : saved(r, 4);
    });

    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS);
    expect(result.current.saveState).toBe('retrying');
    expect(saves()).toHaveLength(1);

    await pass(SAVE_RETRY_DELAYS_MS[0] - 1);
    expect(saves()).toHaveLength(1);
    await pass(1);
    expect(saves()).toHaveLength(2);
    expect(saves()[1]).toEqual(saves()[0]);
    expect(result.current.saveState).toBe('saved');
  });

  it('stops saving after a change made elsewhere (409), and submission is told the draft is not saved', async () => {
    vi.useFakeTimers();
    const { result, saves, network } = renderWizard((r) => {
      if (r.path === FIND)
        return json(200, { ...application, version: 9, steps: { ...application.steps, personalInfo: lifeInsured('Someone else') } });
      return apiError(409, 'version_conflict');
    });

    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS);
    expect(result.current.saveState).toBe('conflict');

    act(() => result.current.update('productInfo', { paymentType: 'cash' }));
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.ensureSaved();
    });
    expect(ready).toBe(false);
    expect(saves()).toHaveLength(1);
    expect(network.to(FIND)).toHaveLength(1);
  });

  it('after a 409 caused by its own save whose answer was lost, saves again on the server version', async () => {
    vi.useFakeTimers();
    let posts = 0;
    const { result, saves } = renderWizard((r) => {
      // The server already holds exactly the draft sent (its answer never arrived).
      if (r.path === FIND)
        return json(200, { ...application, version: 7, steps: { ...application.steps, personalInfo: lifeInsured('Dara') } });
      posts += 1;
      return posts === 1 ? apiError(409, 'version_conflict') : saved(r, 8);
    });

    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS);

    expect(saves().map((s) => s.version)).toEqual([3, 7]);
    expect(result.current.saveState).toBe('saved');
    expect(result.current.version()).toBe(8);
  });

  it('ensureSaved saves a pending draft at once and answers with the version holding it', async () => {
    vi.useFakeTimers();
    const { result, saves } = renderWizard((r) => saved(r, 4));

    act(() => result.current.update('healthInfo', { answers: [] }));
    let ready: boolean | undefined;
    await act(async () => {
      ready = await result.current.ensureSaved();
    });

    expect(ready).toBe(true);
    expect(saves()).toEqual([
      { version: 3, step: { name: 'healthInfo', data: { answers: [] }, complete: expect.any(Boolean) as boolean } },
    ]);
    expect(result.current.version()).toBe(4);
    // The pause that would have saved it passes without a second save.
    await pass(DRAFT_SAVE_DELAY_MS);
    expect(saves()).toHaveLength(1);
  });

  it('an upload asked for while a save waits behind another runs after both, in the order asked', async () => {
    vi.useFakeTimers();
    const first = deferred();
    let answered = 0;
    const { result, saves } = renderWizard((r) => {
      answered += 1;
      return answered === 1 ? first.answer : saved(r, 6);
    });

    // A draft save on its way, then Next: the step save waits behind it.
    act(() => result.current.update('personalInfo', lifeInsured('Dara')));
    await pass(DRAFT_SAVE_DELAY_MS);
    act(() => result.current.goTo(1));
    // The upload, asked for before either save is done.
    const order: string[] = [];
    let uploaded: { applicationVersion: number } | undefined;
    act(() => {
      void result.current
        .changeDocuments(() => {
          order.push(`upload after ${saves().length} saves`);
          return Promise.resolve({ applicationVersion: 7 });
        })
        .then((answer) => (uploaded = answer));
    });

    first.send(saved({ body: saves()[0] } as SentRequest, 4));
    await pass(0);
    expect(order).toEqual(['upload after 2 saves']);
    expect(uploaded).toEqual({ applicationVersion: 7 });
    expect(saves()[1]).toMatchObject({ version: 4, activeStep: 1 });
    // The version the upload answered is the one the next save sends.
    act(() => result.current.update('personalInfo', lifeInsured('Dara Sok')));
    await pass(DRAFT_SAVE_DELAY_MS);
    expect(saves()).toHaveLength(3);
    expect(saves()[2]).toMatchObject({ version: 7 });
  });
});
