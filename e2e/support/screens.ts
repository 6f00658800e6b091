// The screen list of spec §2 (packages/domain/src/screens.ts), shared with the web router.
import { SCREENS } from '../../packages/domain/src/screens';

export { SCREENS };
export type Screen = (typeof SCREENS)[number];

const normalise = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`;

/** The screen whose route is `path`; throws when the list has none, so a renamed route is noticed. */
export function screenAt(path: string): Screen {
  const screen = SCREENS.find((s) => normalise(s.path) === normalise(path));
  if (!screen) throw new Error(`no screen with path ${path} in packages/domain/src/screens.ts`);
  return screen;
}
