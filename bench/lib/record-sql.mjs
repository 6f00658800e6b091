// Preloaded into the built portal server by the benchmark (`node --import <this> server.mjs`) to
// write down the SQL each request sends, so that the database floor can send exactly the same
// statements straight through node-postgres. Bench only: the server knows nothing of it.
//
// BENCH_RECORD_SQL: the file to append to, one JSON line per statement:
//   { unit, name?, text, values?, rowMode? }
// `unit` is the `x-bench-unit` header of the HTTP request being served (the recording run sends
// one request at a time, so every statement between two requests belongs to the first).
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = process.env.BENCH_RECORD_SQL;
const entry = process.env.BENCH_SERVER_ENTRY;
if (file && entry) {
  let unit = null;
  subscribe('http.server.request.start', ({ request }) => {
    const header = request.headers['x-bench-unit'];
    unit = typeof header === 'string' ? header : null;
  });
  // The server's own copy of node-postgres (ESM `import pg from 'pg'` wraps this CommonJS module).
  const pg = createRequire(entry)('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recordedQuery(config, values, callback) {
    if (unit !== null) {
      const statement =
        typeof config === 'string'
          ? { unit, text: config, ...(Array.isArray(values) ? { values } : {}) }
          : config && typeof config.text === 'string'
            ? {
                unit,
                ...(config.name ? { name: config.name } : {}),
                text: config.text,
                // drizzle passes the values beside the config object; node-postgres takes either.
                ...(config.values ? { values: config.values } : Array.isArray(values) ? { values } : {}),
                ...(config.rowMode ? { rowMode: config.rowMode } : {}),
              }
            : null;
      if (statement) appendFileSync(file, `${JSON.stringify(statement)}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
