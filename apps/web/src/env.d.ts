interface ImportMetaEnv {
  /** Vite: true in a production build (`vite build`). */
  readonly PROD: boolean;
  /** `{ namespace: version }` of the language files, written by the build (vite.config.ts); absent in unit tests. */
  readonly PORTAL_LOCALE_VERSIONS?: Readonly<Record<string, string>>;
}
