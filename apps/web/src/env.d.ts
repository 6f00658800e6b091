interface ImportMetaEnv {
  /** `{ namespace: version }` of the language files, written by the build (vite.config.ts); absent in unit tests. */
  readonly PORTAL_LOCALE_VERSIONS?: Readonly<Record<string, string>>;
}
