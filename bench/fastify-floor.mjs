// The framework's floor: Fastify with no plugin, hook, schema or logger, answering GET or POST
// /floor. Started as its own process by run.mjs and engine.mjs, so a run shows what Fastify alone
// costs on this machine for the request the portal answers.
//
//   node fastify-floor.mjs <port> <answer bytes>
//     a fixed JSON body of that size, with Fastify's own few headers;
//   node fastify-floor.mjs <port> 0 <wire.json>
//     the route's answer as it went on the wire: `{ status, headers, body }` recorded from the
//     route itself (run.mjs), every header included; with `argon2: { hash }` a POST first verifies
//     the JSON body's `password` against that hash, as sign-in does. Loaded with the route's own
//     request headers, it is the most the route could reach if the portal's work beyond the wire
//     (and the password check) cost nothing: the ceiling of its ratio.
import { readFileSync } from 'node:fs';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';

const [port = '0', bytes = '3000', wireFile] = process.argv.slice(2);
const filler = Math.max(0, Number(bytes) - '{"filler":""}'.length);
const wire = wireFile
  ? JSON.parse(readFileSync(wireFile, 'utf8'))
  : { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ filler: 'x'.repeat(filler) }) };

const app = Fastify({ logger: false });
const answer = (reply) => reply.code(wire.status).headers(wire.headers).send(wire.body);
app.post('/floor', async (request, reply) => {
  if (wire.argon2 && !(await verify(wire.argon2.hash, String(request.body?.password ?? '')))) throw new Error('argon2 verify failed');
  return answer(reply);
});
app.get('/floor', (_request, reply) => {
  answer(reply);
});
app.get('/ready', (_request, reply) => {
  reply.send('ready');
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
// Closing leaves nothing to wait for: the process then ends with status 0.
process.on('SIGTERM', () => void app.close());
