// What `react` resolves to in the web app (apps/web/preact-aliases.ts): preact/compat, plus React
// 19's `Activity`, which preact/compat lacks and Mantine 9 uses for `keepMounted` (Collapse,
// Transition, Stepper, Tabs, Tree). Plain JavaScript: preact/compat's typings (`export =`) cannot
// be re-exported from TypeScript, and our code type-checks against @types/react anyway.
// docs/decisions/006-preact-compat.md.
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
