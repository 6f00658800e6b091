// Driving a page with the keyboard alone, as a person without a mouse or touch screen does: Tab
// and Shift+Tab from one control to the next, Space and Enter to press, arrow keys in radio
// groups and selects. Every control Tab lands on must show where the focus is (a focus ring: an
// outline or a box shadow) and must not be hidden under a sticky bar or the fixed header (WCAG
// 2.4.11), which the helpers check at each stop.
import { expect, type Locator, type Page } from '@playwright/test';

interface FocusStop {
  /** What is focused, for messages: tag, id / test id / name, and its text. */
  what: string;
  /** Whether it shows a focus ring. */
  ring: boolean;
  /** Whether something else (a sticky bar, a fixed header) covers its middle. */
  hidden: boolean;
}

/** The focused element and whether it shows a visible focus ring (its own, or its field wrapper's). */
export async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { what: 'body', ring: false, hidden: true };
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || (style.boxShadow !== '' && style.boxShadow !== 'none');
    };
    // A field whose focus sits on an inner <input> (Mantine's PasswordInput) draws the ring on its wrapper.
    const wrapper = el.closest('.mantine-Input-input');
    const name = el.getAttribute('data-testid') || el.getAttribute('name') || el.id;
    const labels = 'labels' in el ? (el as HTMLInputElement).labels : null;
    const label = (el.getAttribute('aria-label') || labels?.[0]?.textContent || el.textContent || '').trim().slice(0, 40);
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const hidden =
      hit === null ||
      !(
        el.contains(hit) ||
        hit.contains(el) ||
        (wrapper !== null && wrapper.contains(hit)) ||
        ('labels' in el && [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit)))
      );
    return {
      what: `<${el.tagName.toLowerCase()}${name ? ` ${name}` : ''}>${label ? ` "${label}"` : ''}`,
      ring: shows(el) || (wrapper !== null && shows(wrapper)),
      hidden,
    };
  });
}

function expectShown(stop: FocusStop): void {
  expect(stop.ring, `${stop.what} has focus but shows no focus ring`).toBe(true);
  expect(stop.hidden, `${stop.what} has focus but something covers it`).toBe(false);
}

/** The focused element shows a focus ring and is not covered by anything. */
export async function expectVisibleFocus(page: Page): Promise<void> {
  expectShown(await focusStop(page));
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times; every
 * control passed on the way must show a focus ring, uncovered. Fails when the target is not reached.
 */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 }: { back?: boolean; max?: number } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const passed: string[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await focusStop(page);
    expectShown(stop);
    if (await isFocused(target)) return;
    passed.push(stop.what);
  }
  throw new Error(
    `${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()} in ${max} presses; focus went through: ${passed.join(', ')}`,
  );
}

/** Tabs to a field and types into it (replacing what it held: Ctrl+A first). */
export async function tabAndType(page: Page, target: Locator, value: string, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
  await expect(target).toHaveValue(value);
}

/**
 * Picks `value` in the focused <select> with the arrow keys (a closed select moves its choice
 * with Up/Down, without opening).
 */
export async function chooseWithArrows(page: Page, select: Locator, value: string): Promise<void> {
  await expect(select).toBeFocused();
  const { from, to } = await select.evaluate((el, wanted) => {
    const options = [...(el as HTMLSelectElement).options].map((o) => o.value);
    return { from: (el as HTMLSelectElement).selectedIndex, to: options.indexOf(wanted) };
  }, value);
  if (to < 0) throw new Error(`${select.toString()} has no option ${value}`);
  for (let i = from; i < to; i += 1) await page.keyboard.press('ArrowDown');
  for (let i = from; i > to; i -= 1) await page.keyboard.press('ArrowUp');
  await expect(select).toHaveValue(value);
}

/** Tabs to a <select> and picks `value` with the arrow keys. */
export async function tabAndChoose(page: Page, select: Locator, value: string, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, select, options);
  await chooseWithArrows(page, select, value);
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tabAndTick(page: Page, checkbox: Locator): Promise<void> {
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
}

/** Tabs to a button (or link) and presses Enter. */
export async function tabAndPress(page: Page, button: Locator, options: { back?: boolean } = {}): Promise<void> {
  await tabTo(page, button, options);
  await page.keyboard.press('Enter');
}
