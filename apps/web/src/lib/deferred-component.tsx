import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

const loaded = new Map<() => Promise<unknown>, unknown>();

/** When the browser has nothing else to do (after the first screen has drawn and settled). */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

interface DeferredProps<P extends object> {
  /** Fetches the component's chunk; a module-level function (it keys the cache). */
  load: () => Promise<ComponentType<P>>;
  /** Fetch at once rather than when the browser is idle. */
  needed?: boolean;
  /** The component's props, once it is there. */
  props: P;
  /** Shown until it is there. */
  fallback?: ReactNode;
}

/**
 * A component kept out of the first load's JavaScript that is not needed to draw the first
 * screen: its chunk is fetched once the browser is idle after mount, or at once when `needed`
 * turns true; until it is there, `fallback`. A failed fetch (offline) is tried again the next
 * time `needed` changes. Each chunk is fetched once per page: later mounts draw it at once.
 */
export function Deferred<P extends object>({ load, needed = false, props, fallback = null }: DeferredProps<P>) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(() => (loaded.get(load) as ComponentType<P> | undefined) ?? null);

  useEffect(() => {
    if (Component) return undefined;
    let active = true;
    const fetchIt = () => {
      load().then(
        (loadedComponent) => {
          loaded.set(load, loadedComponent);
          if (active) setComponent(() => loadedComponent);
        },
        () => undefined,
      );
    };
    if (needed) {
      fetchIt();
      return () => {
        active = false;
      };
    }
    const cancel = whenIdle(fetchIt);
    return () => {
      active = false;
      cancel();
    };
  }, [load, needed, Component]);

  return Component ? <Component {...props} /> : fallback;
}
