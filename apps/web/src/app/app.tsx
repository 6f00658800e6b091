import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';
import { AppProviders } from './providers';

/**
 * The outer Suspense: the providers translate (react-i18next suspends until the first language
 * file is there), above the layouts' own boundaries. React treats its root as a boundary that
 * shows nothing; Preact has no such implicit boundary (an uncaught suspension is an error), so it
 * is written out, showing nothing as React did.
 */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <Suspense fallback={null}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </Suspense>
  );
}
