import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (or `npm run db:generate`) writes SQL migrations from the tables;
// the server applies them at start with drizzle's programmatic migrators. Never edit them by hand.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.table.ts',
  out: './src/db/migrations',
});
