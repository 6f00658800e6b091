/** Interface timing and list constants of spec §9 (DESIGN.md §6). */

/** A toast stays this long. */
export const TOAST_DURATION_MS = 5000;

/** Search fields wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 1000;

/** A search term needs at least this many characters (also enforced by the server). */
export const SEARCH_MIN_LENGTH = 3;

/** Infinite lists load the next page when the user scrolls within this distance of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
