import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** A deep insurer blue; shade 7 on white passes WCAG AA for text and filled buttons. */
const brand: MantineColorsTuple = [
  '#edf2fa',
  '#d9e2f2',
  '#b0c3e4',
  '#85a2d6',
  '#6287ca',
  '#4c76c3',
  '#3f6cc1',
  '#2f5aa9',
  '#264f98',
  '#1c3d6e',
];

/**
 * Latin text uses the phone's own system font (nothing to download); Khmer falls through to the
 * self-hosted Noto Sans Khmer, whose Khmer subset is fetched only when Khmer text is shown.
 */
const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans Khmer', sans-serif";

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    // Names, addresses and notes come from people: each text takes its direction from its own
    // first letter and is isolated from the text around it (an element with `dir` is a bidi
    // isolate), so a right-to-left override in stored data cannot reorder what follows it.
    Text: { defaultProps: { dir: 'auto' } },
    Title: { defaultProps: { dir: 'auto' } },
  },
});

/**
 * Mantine's light-scheme "dimmed" text (gray.6), error text (red.6) and placeholder text (gray.5,
 * drawn as a real element by FileInput and Select) fall below WCAG AA's 4.5:1 on white; advisors
 * read these hints outdoors on phones, so use darker shades (#6c757d is 4.7:1 on white: still
 * lighter than typed text).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[8] ?? '#e03131',
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
