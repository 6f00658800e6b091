// One server of `standard-parts.mjs`: Fastify answering GET /floor with a small JSON body (a bank's
// branches), with the standard parts named in argv[3] (`bare`, or some of helmet, ratelimit,
// cookie, jose joined by `+`), at the versions and with the options the portal uses:
//   node lib/standard-parts-server.mjs <port> <parts>
// Prints `ready` once listening.
import { createRequire } from 'node:module';
import Fastify from 'fastify';

// The plugins as the portal's server has them installed.
const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const [port = '0', variant = 'bare'] = process.argv.slice(2);
const parts = new Set(variant.split('+'));

const app = Fastify({ logger: false });
if (parts.has('helmet')) await app.register(require('@fastify/helmet'));
// A ceiling no run reaches, as the portal's benchmark sets RATE_LIMIT_MAX.
if (parts.has('ratelimit')) await app.register(require('@fastify/rate-limit'), { max: 100_000_000, timeWindow: 60_000 });
if (parts.has('cookie')) await app.register(require('@fastify/cookie'));
let verify = null;
if (parts.has('jose')) {
  const jose = await import(require.resolve('jose'));
  const key = new TextEncoder().encode('a-32-byte-secret-for-this-bench!');
  verify = (token) => jose.jwtVerify(token, key, { algorithms: ['HS256'] });
  app.get('/token', () => new jose.SignJWT({ sub: 'advisor' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(key));
}

const body = JSON.stringify({
  items: Array.from({ length: 6 }, (_, i) => ({ code: `BAANZ${i}`, name: `Branch number ${i}`, nameKh: 'សាខាទី' })),
});
app.get('/floor', async (request, reply) => {
  if (verify) await verify(String(request.headers.authorization ?? '').slice('Bearer '.length));
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close());
