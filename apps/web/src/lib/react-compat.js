// What `react` resolves to in the web app (apps/web/preact-aliases.ts): preact/compat, plus React
// 19's `Activity`, which preact/compat lacks and Mantine 9 uses for `keepMounted` (Collapse,
// Transition, Stepper, Tabs, Tree). Plain JavaScript: preact/compat's typings (`export =`) cannot
// be re-exported from TypeScript, and our code type-checks against @types/react anyway.
// docs/decisions/006-preact-compat.md.
import { options } from 'preact';
import { createElement } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's `<Activity mode="hidden">` keeps its subtree mounted (state and DOM kept) and hides it
 * with `display: none`; mode="visible" shows it as if there were no Activity. The same here with
 * one wrapper element that never changes type (so the subtree is never remounted): `display:
 * contents` while visible (the children lay out as direct children of the parent), `display: none`
 * plus `hidden` while hidden (out of layout, of the accessibility tree and of the tab order).
 * Unlike React, effects inside a hidden subtree stay mounted.
 *
 * @param {{ mode?: 'visible' | 'hidden', name?: string, children?: import('preact').ComponentChildren }} props
 */
export function Activity({ mode = 'visible', children }) {
  const hidden = mode === 'hidden';
  return createElement('div', { 'data-activity': mode, hidden, style: { display: hidden ? 'none' : 'contents' } }, children);
}

/*
 * `autoFocus` as React DOM does it: the element is focused once, when it is mounted (a dialog's
 * field, a step that opens with its input). Preact would only write the `autofocus` attribute,
 * which a browser honours at page load and never for an element added later. The ref that does
 * it is kept per user ref, so a stable ref stays stable across renders.
 */
const focusedOnMount = new WeakSet();
const autoFocusRefs = new WeakMap();

function focusOnce(element) {
  if (!element || focusedOnMount.has(element)) return;
  focusedOnMount.add(element);
  element.focus();
}

function autoFocusOnly(element) {
  focusOnce(element);
}

function withAutoFocus(userRef) {
  if (!userRef) return autoFocusOnly;
  let ref = autoFocusRefs.get(userRef);
  if (!ref) {
    ref = (element) => {
      focusOnce(element);
      if (typeof userRef === 'function') return userRef(element);
      userRef.current = element;
      return element
        ? () => {
            userRef.current = null;
          }
        : undefined;
    };
    autoFocusRefs.set(userRef, ref);
  }
  return ref;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string' && props && 'autoFocus' in props) {
    if (props.autoFocus) vnode.ref = withAutoFocus(vnode.ref);
    delete props.autoFocus;
  }
  if (previousVnodeHook) previousVnodeHook(vnode);
};
