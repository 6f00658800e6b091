/** The application version of spec §9, shown in the app footer and in GET /api/health. */
export const APP_VERSION = 'v1.1.2';
