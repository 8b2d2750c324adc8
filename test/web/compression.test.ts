// The page's files as the dashboard server sends them: compressed once at start (brotli or
// gzip, as the browser accepts them), each encoding with its own ETag, revalidated with 304,
// and always marked Vary: Accept-Encoding so no cache hands one client another's encoding.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DashboardServer } from '../../src/web/server.ts';
import { negotiate } from '../../src/web/static-files.ts';

/** The script a browser gets: made up, and long enough to be worth compressing. */
const SCRIPT = Buffer.from(`${'console.log("the page");\n'.repeat(400)}`);
const STYLE = Buffer.from('body { margin: 0; }\n'.repeat(50));

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** A GET as it goes over the wire (Node's fetch would undo the encoding). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Accept-Encoding', () => {
  it('takes the accepted encoding of highest q, brotli on a tie, and none when neither is accepted', () => {
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiate('br;q=0, gzip')).toBe('gzip');
    expect(negotiate('*')).toBe('br');
    expect(negotiate('*;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiate('identity')).toBeUndefined();
    expect(negotiate('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiate(undefined)).toBeUndefined();
    expect(negotiate('')).toBeUndefined();
  });
});

describe("the dashboard's files, compressed", () => {
  let server: DashboardServer;
  beforeAll(async () => {
    server = new DashboardServer({ host: '127.0.0.1', port: 0, assets: { script: SCRIPT, style: STYLE } });
    await server.start();
  });
  afterAll(async () => server?.stop());

  it('sends brotli to a browser that accepts it, gzip to one that takes only gzip, and the bytes as they are to one that takes neither', async () => {
    const br = await get(`${server.url}app.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(SCRIPT)).toBe(true);

    const gzip = await get(`${server.url}app.js`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(SCRIPT)).toBe(true);

    const plain = await get(`${server.url}app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.equals(SCRIPT)).toBe(true);

    const style = await get(`${server.url}style.css`, { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(style.body).equals(STYLE)).toBe(true);
    const page = await get(server.url, { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(page.body).toString()).toContain('<script type="module" src="/app.js">');
  });

  it('gives each encoding its own ETag and answers a revalidation with 304 and no body', async () => {
    const br = await get(`${server.url}app.js`, { 'Accept-Encoding': 'br' });
    const gzip = await get(`${server.url}app.js`, { 'Accept-Encoding': 'gzip' });
    const plain = await get(`${server.url}app.js`);
    const tags = [br, gzip, plain].map((a) => a.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const a of [br, gzip, plain]) expect(a.headers['cache-control']).toBe('no-cache');

    const again = await get(`${server.url}app.js`, { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    // The brotli copy's tag does not revalidate the gzip copy.
    const other = await get(`${server.url}app.js`, { 'Accept-Encoding': 'gzip', 'If-None-Match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(gunzipSync(other.body).equals(SCRIPT)).toBe(true);
  });

  it('answers HEAD with the headers alone; the API stays uncached JSON', async () => {
    const head = await get(`${server.url}app.js`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
    const api = await get(`${server.url}api/state`, { 'Accept-Encoding': 'br' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(api.body.toString())).toMatchObject({ type: 'state', role: 'spectator' });
  });
});
