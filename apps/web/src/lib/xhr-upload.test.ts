// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline, resetNetworkStatus } from './network-status';
import { xhrUpload } from './xhr-upload';

/** An XMLHttpRequest whose send gets no answer at all, or the answer `status`. */
function stubXhr(status: number | 'none') {
  class StandInXhr {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(): void {}
    setRequestHeader(): void {}
    getResponseHeader(name: string): string | null {
      return name === 'Content-Type' ? 'application/json' : null;
    }
    abort(): void {}
    send(): void {
      queueMicrotask(() => {
        if (status === 'none') {
          this.onerror?.();
          return;
        }
        this.status = status;
        this.responseText = status === 201 ? '{"id":"d1"}' : JSON.stringify({ code: status, messageKey: 'unavailable' });
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', StandInXhr);
}

const form = () => {
  const data = new FormData();
  data.append('policyNumber', 'P0000001');
  return data;
};

describe('an upload and the network status', () => {
  afterEach(() => resetNetworkStatus());

  it('an upload with no answer at all makes the phone offline; one with any answer makes it online again', async () => {
    vi.useFakeTimers(); // the network status's probe stays scheduled, never sent
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    stubXhr('none');
    await expect(xhrUpload('/api/x/upload', form())).rejects.toMatchObject({ status: 0, messageKey: 'network_error' });
    expect(isOffline()).toBe(true);

    stubXhr(503);
    await expect(xhrUpload('/api/x/upload', form())).rejects.toMatchObject({ status: 503 });
    expect(isOffline()).toBe(false);
    stubXhr(201);
    await expect(xhrUpload('/api/x/upload', form())).resolves.toEqual({ id: 'd1' });
    expect(isOffline()).toBe(false);
  });
});
