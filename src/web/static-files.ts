/**
 * The page's files as the server sends them: compressed once, when the server starts (brotli
 * and gzip from node:zlib at their best settings: the files never change while it runs), and
 * sent in the encoding the browser asks for (Accept-Encoding, with its q-values; brotli on a
 * tie, else gzip, else as they are). Each encoding has its own ETag, so a browser that revalidates
 * (Cache-Control: no-cache, as the URLs carry no version) gets 304 and no body.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface StaticFile {
  readonly type: string;
  readonly identity: Buffer;
  readonly encoded: Readonly<Record<Encoding, Buffer>>;
  /** The identity bytes' digest: the ETag of each encoding is made from it. */
  readonly digest: string;
}

export function staticFile(type: string, body: string | Buffer): StaticFile {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    type,
    identity,
    encoded: {
      br: brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    },
    digest: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}

/** Each encoding's q-value in an Accept-Encoding (`*` stands for those it does not name; unnamed: 0, refused). */
function qValues(header: string | undefined): (e: Encoding) => number {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  return (e) => q.get(e) ?? q.get('*') ?? 0;
}

/** The encoding to send: the accepted one of highest q, brotli on a tie (it is the smaller); none when neither is accepted. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  const q = qValues(acceptEncoding);
  let best: Encoding | undefined;
  for (const e of ENCODINGS) if (q(e) > 0 && (best === undefined || q(e) > q(best))) best = e;
  return best;
}

/** Whether an If-None-Match names this ETag (a list, or `*`; weak or strong, as GET compares them). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

export function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const encoding = negotiate(req.headers['accept-encoding']);
  const etag = `"${file.digest}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (matches(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body = encoding ? file.encoded[encoding] : file.identity;
  res.writeHead(200, { ...headers, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The dashboard's page, script and stylesheet by path, compressed. */
export function pageFiles(html: string, script: Buffer, style: Buffer): Map<string, StaticFile> {
  const page = staticFile('text/html; charset=utf-8', html);
  return new Map([
    ['/', page],
    ['/index.html', page],
    ['/app.js', staticFile('text/javascript; charset=utf-8', script)],
    ['/style.css', staticFile('text/css; charset=utf-8', style)],
  ]);
}
