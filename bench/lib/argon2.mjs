// The sign-in baseline: bare argon2id verify throughput in this process, with the server's
// parameters (apps/server/src/lib/password-hash.ts ARGON2_OPTIONS: m=19 MiB, t=2, p=1), at the
// same concurrency as the sign-in run. @node-rs/argon2 verifies on its own worker threads, as in
// the server.
import { hash, verify } from '@node-rs/argon2';

const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** The password's hash with the server's parameters. */
export function passwordHash(password) {
  return hash(password, ARGON2_OPTIONS);
}

/** `{ rps, p50, p99, requests }` of `concurrency` verify loops for `duration` seconds. */
export async function argon2Baseline({ password, concurrency, duration }) {
  const stored = await hash(password, ARGON2_OPTIONS);
  const latencies = [];
  const end = performance.now() + duration * 1000;
  const started = performance.now();
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      if (!(await verify(stored, password))) throw new Error('argon2 verify failed');
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { rps: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), requests: latencies.length, non2xx: 0, errors: 0 };
}
