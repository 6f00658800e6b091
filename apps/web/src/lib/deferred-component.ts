import { useEffect, useState, type ComponentType } from 'react';

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

/**
 * A component kept out of the first load's JavaScript that is not needed to draw
 * the first screen: its chunk is fetched once the browser is idle after mount, or at once when
 * `needed` turns true; until it is there, null. A failed fetch (offline) is tried again the next
 * time `needed` changes. `load` must be a module-level function (it keys the cache).
 */
export function useDeferredComponent<P extends object>(load: () => Promise<ComponentType<P>>, needed = false): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(() => (loaded.get(load) as ComponentType<P> | undefined) ?? null);

  useEffect(() => {
    if (component) return undefined;
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
  }, [load, needed, component]);

  return component;
}
