/** The token taken from the address, kept for a page that mounts again after the address was wiped. */
let takenToken: string | null = null;

/**
 * The token of a secure link (`#token=…` in the fragment, so neither previews nor server logs see
 * it), read once and wiped from the address bar and history.
 */
export function takeLinkToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    takenToken = decodeURIComponent(match[1]);
    window.history.replaceState(null, '', window.location.pathname);
  }
  return takenToken;
}
