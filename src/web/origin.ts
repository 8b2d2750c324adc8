/**
 * Whose page sent a request: the dashboard acts only for its own pages. Every request that
 * changes something (each POST) and the WebSocket upgrade are checked: a browser names the
 * page's origin in `Origin`, which must be the dashboard's own: the scheme and the `Host`
 * the request was sent to (so the page works by any name or address it is reached by). A browser always sends `Origin` on a POST and on a
 * WebSocket; a request without one that says it is a browser's (by `Sec-Fetch-Site`, which
 * browsers send and no page's script can set) is refused too: an extension or a proxy took
 * the Origin out. A request with neither comes from a program (curl, a script, Node's fetch),
 * which no other site's page can make carry the operator's cookie, and is let through.
 */

export interface RequestHeaders {
  readonly origin?: string | undefined;
  readonly host?: string | undefined;
  readonly 'sec-fetch-site'?: string | undefined;
}

/** Undefined: the request may go on; otherwise why it may not, in a sentence. */
export function refusedOrigin(headers: RequestHeaders): string | undefined {
  const origin = headers.origin;
  if (origin === undefined) {
    const browser = headers['sec-fetch-site'] !== undefined;
    return browser ? 'the request names no Origin: a browser request must come from a page of this dashboard' : undefined;
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `the request comes from ${JSON.stringify(origin.slice(0, 100))}, not from a page of this dashboard`;
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && url.host === hostOf(url.protocol, headers.host))
    return undefined;
  return `the request comes from ${origin.slice(0, 100)}, not from a page of this dashboard (${(headers.host ?? 'no Host').slice(0, 100)})`;
}

/** The Host header as a URL of that scheme has it (lower case, the scheme's default port left out). */
function hostOf(protocol: string, host: string | undefined): string | undefined {
  if (host === undefined) return undefined;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}
