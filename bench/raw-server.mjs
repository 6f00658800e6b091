// The ceiling: a bare node:http server answering a small JSON body. Started as its own process
// by run.mjs, so it and the portal see the same machine: `node raw-server.mjs <port>`.
import { createServer } from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const port = Number(process.argv[2] ?? 0);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
