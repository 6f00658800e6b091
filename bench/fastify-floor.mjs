// The framework's floor: Fastify with no plugin, hook, schema or logger, answering GET or POST
// /floor with a fixed JSON body of a given size. Started as its own process by run.mjs and
// engine.mjs, so a run shows what Fastify alone costs on this machine for the request the portal
// answers: `node fastify-floor.mjs <port> <answer bytes>`.
import Fastify from 'fastify';

const [port = '0', bytes = '3000'] = process.argv.slice(2);
const filler = Math.max(0, Number(bytes) - '{"filler":""}'.length);
const answer = JSON.stringify({ filler: 'x'.repeat(filler) });

const app = Fastify({ logger: false });
app.post('/floor', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(answer);
});
app.get('/floor', (request, reply) => {
  reply.type('application/json; charset=utf-8').send(answer);
});
app.get('/ready', (_request, reply) => {
  reply.send('ready');
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
// Closing leaves nothing to wait for: the process then ends with status 0.
process.on('SIGTERM', () => void app.close());
