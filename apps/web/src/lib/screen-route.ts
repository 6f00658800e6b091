import type { ComponentType } from 'react';
import { useMatches } from 'react-router';
import type { Screen } from '@portal/domain/screens';
import type { LocaleFile } from '@portal/i18n/locale-file';

/** Every screen route carries its SCREENS entry as the route handle. */
export interface ScreenHandle {
  screen: Screen;
}

/** What a feature folder's `screens.tsx` exports: a component per screen id of its area. */
export type ScreenComponents = Readonly<Record<string, ComponentType>>;

/** A feature folder's `screens.tsx`: its screens, and the language files it carries, if any. */
export interface FeatureModule {
  screens: ScreenComponents;
  locales?: Readonly<Record<string, LocaleFile>>;
}

function isScreenHandle(handle: unknown): handle is ScreenHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle;
}

/** The SCREENS entry of the deepest matched screen route. */
export function useCurrentScreen(): Screen | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isScreenHandle(handle)) return handle.screen;
  }
  return undefined;
}

/** `contacts:title` -> `contacts`. */
export function namespaceOf(key: string): string {
  const index = key.indexOf(':');
  return index > 0 ? key.slice(0, index) : 'common';
}
