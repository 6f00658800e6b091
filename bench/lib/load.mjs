// One bounded autocannon run against a loopback URL, summarised.
import autocannon from 'autocannon';

/**
 * `{ rps, p50, p99, requests, non2xx, errors }` of `duration` seconds at `connections`.
 * Only http://127.0.0.1 targets are accepted: load runs never leave this machine.
 */
export async function load({ base, method = 'GET', paths, headers = {}, connections, duration, title }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load ${base}: loopback only`);
  const result = await autocannon({
    url: base,
    title,
    connections,
    duration,
    headers,
    requests: paths.map((path) => ({ method, path })),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    // Which statuses, when something went wrong (the server log in the kept log folder says why).
    ...(result.non2xx > 0 ? { statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count])) } : {}),
  };
}
