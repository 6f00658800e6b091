/** Form controls that HTML disables (and that then cannot hold the focus). */
const DISABLEABLE = 'button, input, select, textarea, fieldset';

function focusIsNowhere(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/**
 * Gives the focus back to a control that lost it by being disabled for a moment. A focused button
 * that becomes disabled hands the focus to the page itself (HTML's focus fix-up rule, which
 * Chromium applies), and Mantine's `loading` disables its button while the work runs: a keyboard
 * or screen-reader user who pressed "Save" and got an error was sent back to the top of the page.
 *
 * When a control (or the fieldset around it) holding the focus is disabled, it is remembered; when
 * it is enabled again and still on the page, it takes the focus back unless the user has put the
 * focus somewhere else meanwhile. Installed once for the whole app (main.tsx); returns the undo.
 */
export function keepFocusThroughBusyControls(doc: Document = document): () => void {
  let waiting: HTMLElement | null = null;
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      if (!(target instanceof HTMLElement) || !target.matches(DISABLEABLE)) continue;
      // Still focused here: the focus leaves at the next rendering update, after this callback.
      const active = doc.activeElement;
      if (target.matches(':disabled')) {
        if (active instanceof HTMLElement && (active === target || target.contains(active))) waiting = active;
      } else if (waiting !== null && (waiting === target || target.contains(waiting))) {
        const control = waiting;
        waiting = null;
        if (control.isConnected && !control.matches(':disabled') && focusIsNowhere(doc)) control.focus({ preventScroll: true });
      }
    }
  });
  observer.observe(doc.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => observer.disconnect();
}
