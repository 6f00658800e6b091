// The users that PORTAL_DEMO=1 seeds (DESIGN.md §3). Printed by `npm start`; the README has the same table.
export const DEMO_PASSWORD = 'Demo@Portal2026';

export const DEMO_USERS = [
  { username: 'demo.aap', role: 'ROLE_AAP', who: 'agency advisor' },
  { username: 'demo.aap2', role: 'ROLE_AAP', who: 'second advisor (ownership checks)' },
  { username: 'demo.bk', role: 'ROLE_BK', who: 'banca advisor' },
  { username: 'demo.as', role: 'ROLE_AS', who: 'agency service' },
  { username: 'demo.aa', role: 'ROLE_AA', who: 'agency admin' },
  { username: 'demo.trainee', role: 'ROLE_TRAINEE', who: 'trainee' },
  { username: 'demo.can', role: 'ROLE_CAN', who: 'candidate' },
];
