/**
 * Dark text colours for light badges and coloured figures: Mantine's light variants put a
 * mid-tone text on a pale background, below WCAG AA contrast for some colours. Same palette as
 * the servicing badges.
 */
export const TONE_TEXT: Readonly<Record<string, string>> = {
  green: '#1f6b33',
  orange: '#9a3412',
  red: '#a61e1e',
  blue: '#1c4f8a',
  gray: '#495057',
};
