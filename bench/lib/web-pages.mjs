// The pages of the web app that `npm run lighthouse` and `trace-web.mjs` measure.
import { newApplication } from './portal.mjs';

/**
 * The pages measured (sign-in, dashboard, contact list, quote form, wizard step): one line each. `signedIn`: the demo advisor's stored
 * login is put in place first. `ready`: a CSS selector that shows the page has rendered its
 * content (checked before the run). `query`: made before the run, for a page that shows a record
 * (the wizard opens a new pending application on its first step, personal information).
 */
export const PAGES = [
  { name: 'sign-in', path: '/auth/signin', signedIn: false, ready: 'input[name=username]' },
  { name: 'dashboard', path: '/home', signedIn: true, ready: 'h1' },
  { name: 'contact-list', path: '/home/contact', signedIn: true, ready: 'h1' },
  { name: 'quote-form', path: '/home/proposal', signedIn: true, ready: '[data-testid=quote-form]' },
  {
    name: 'wizard-step',
    path: '/home/application/detail',
    signedIn: true,
    ready: '[data-testid=wizard] #lifeInsured-firstName',
    query: async (base, session) => `?applicationId=${encodeURIComponent(await newApplication(base, session))}`,
  },
];
