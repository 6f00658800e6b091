// One bounded autocannon run against a loopback URL, summarised.
import autocannon from 'autocannon';

/**
 * `{ rps, p50, p99, requests, non2xx, errors }` of `duration` seconds at `connections`. Each
 * connection cycles through `requests` (`{ path, headers, body }`), or through `paths`. With
 * `sequence` (a list of paths) the run instead sends each path once, all connections taking the
 * next one in turn, and ends when the list does.
 * `expect`: the statuses that count as answers (default 2xx); others are counted in `non2xx`.
 * Only http://127.0.0.1 targets are accepted: load runs never leave this machine.
 */
export async function load({ base, method = 'GET', paths, requests, sequence, headers = {}, body, connections, duration, title, expect }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load ${base}: loopback only`);
  let next = 0;
  const list = sequence
    ? [{ method, path: sequence[0], headers, setupRequest: (request) => ({ ...request, path: sequence[next++ % sequence.length] }) }]
    : requests
      ? requests.map((r) => ({ method, path: r.path ?? paths[0], headers: { ...headers, ...r.headers }, ...(body ? { body } : {}) }))
      : paths.map((path) => ({ method, path, headers, ...(body ? { body } : {}) }));
  // A list-bounded run ends when its last answer is in, but autocannon reports at its next sample
  // tick: with the default 1 s ticks a 4.2 s run would count as 5 s. Ticks of 50 ms bound that
  // error to about 1 % (its per-tick averages are not used for these runs).
  const limit = sequence ? { amount: sequence.length, sampleInt: 50 } : { duration };
  const result = await autocannon({ url: base, title, connections, ...limit, headers, requests: list });
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
  const unexpected = expect
    ? Object.entries(codes)
        .filter(([code]) => !expect.includes(Number(code)))
        .reduce((n, [, count]) => n + count, 0)
    : result.non2xx;
  return {
    // A run bounded by its list ends mid-second: count its answers over its own length.
    rps: Math.round(sequence ? result.requests.total / result.duration : result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: unexpected,
    errors: result.errors + result.timeouts,
    // Which statuses, when something went wrong or several are expected (the server log in the kept log folder says why).
    ...(unexpected > 0 || expect ? { statusCodes: codes } : {}),
  };
}
