import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep, type ServerProcess } from './harness';

/**
 * A real load balancer in front of several built servers: HAProxy from Debian's package, as an
 * operator would deploy it (round robin, health checks on `/api/health/ready`, a failed
 * connection retried on another server). It names the process that answered each request in
 * the response header `x-portal-backend`, so a test can see that consecutive calls landed on
 * different processes.
 */
export const BACKEND_HEADER = 'x-portal-backend';

/** Debian installs it in /usr/sbin, which is not on every user's PATH. */
const HAPROXY = process.env.HAPROXY_BIN ?? (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

export function haproxyAvailable(): boolean {
  return spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * The configuration. `http-server-close`: one connection per request to the servers, so every
 * request is balanced on its own and a server that stops holds no idle connection of the
 * balancer. `retry-on conn-failure empty-response` with `redispatch 1`: a request a stopping
 * server did not take (its port closed, or its connection closed before any answer) is sent to
 * the next server; such a request was never processed, and the portal's creates carry an
 * Idempotency-Key besides. A server is out after 2 failed checks 500 ms apart and back after 2
 * good ones.
 */
export function haproxyConfig(port: number, servers: readonly ServerProcess[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout queue 10s',
    '  retries 3',
    '  option redispatch 1',
    '  option http-server-close',
    '  option forwardfor',
    '  retry-on conn-failure empty-response',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend portal',
    'backend portal',
    '  balance roundrobin',
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 2',
    `  http-response set-header ${BACKEND_HEADER} %s`,
    ...servers.map((s, i) => `  server p${i + 1} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

export class Balancer {
  readonly dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
  port = 0;
  log = '';
  private child: ChildProcess | undefined;

  constructor(readonly servers: readonly ServerProcess[]) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts HAProxy in the foreground and waits until every server is up behind it. */
  async start(timeoutMs = 30_000): Promise<this> {
    this.port = await freePort();
    const config = join(this.dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(this.port, this.servers));
    const check = spawnSync(HAPROXY, ['-c', '-f', config], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy -c: ${check.stdout}${check.stderr}`);
    const child = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const collect = (d: Buffer) => {
      this.log = (this.log + d.toString()).slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${this.log}`);
      if ((await this.backendsSeen(this.servers.length * 2)).size === this.servers.length) return this;
      await sleep(200);
    }
    throw new Error(`not every server is up behind haproxy after ${timeoutMs} ms:\n${this.log}`);
  }

  /** The processes that answered `n` consecutive liveness calls through the balancer. */
  async backendsSeen(n: number): Promise<Set<string>> {
    const seen = new Set<string>();
    for (let i = 0; i < n; i += 1) {
      try {
        const res = await fetch(`${this.base}/api/health/live`);
        await res.arrayBuffer();
        const name = res.headers.get(BACKEND_HEADER);
        if (res.status === 200 && name) seen.add(name);
      } catch {
        // not listening yet
      }
    }
    return seen;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(5_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
