import { createServer } from 'node:net';

function isFree(port, host) {
  return new Promise((resolve) => {
    const srv = createServer();
    // Only "in use" means taken; a host this machine lacks (IPv6 off) says nothing about the port.
    srv.once('error', (err) => resolve(err.code !== 'EADDRINUSE'));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** The first port from `start` on that nothing listens on, on IPv4 or IPv6 loopback. */
export async function freePort(start, tries = 100) {
  for (let port = start; port < start + tries; port++) {
    if ((await isFree(port, '127.0.0.1')) && (await isFree(port, '::1'))) return port;
  }
  throw new Error(`no free port in ${start}-${start + tries - 1}`);
}
