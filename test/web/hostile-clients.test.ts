// The dashboard under hostile clients, over real sockets: live loads only to operator pages;
// requests and sockets from another site's page refused; a login flood throttled per address
// and per user with a growing wait (on the server's clock, a test double); every request field
// bounded; pages that never read dropped once they fall behind the bound, while a page that
// reads goes on.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerMessage } from '../../src/web/protocol.ts';
import { DashboardServer } from '../../src/web/server.ts';
import { until } from '../wait.ts';
import { OPERATOR, Rig, testAssets, testUsers } from './harness.ts';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Record<string, unknown>;
}

/** A POST from a given local address (any of 127.0.0.0/8 reaches the server on 127.0.0.1) with the headers given. */
function postFrom(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  localAddress = '127.0.0.1',
): Promise<Reply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, url),
      {
        method: 'POST',
        localAddress,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8').on('data', (c: string) => (data += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(data || '{}') as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const originOf = (url: string): string => url.replace(/\/$/, '');

async function login(url: string): Promise<string> {
  const r = await postFrom(url, '/api/login', OPERATOR, { Origin: originOf(url) });
  expect(r.status).toBe(200);
  return String(r.headers['set-cookie']).split(';')[0]!;
}

/** A page's socket, keeping every message it is sent. */
async function listen(url: string, headers: Record<string, string> = {}): Promise<{ messages: ServerMessage[]; ws: WebSocket }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, { headers });
  const messages: ServerMessage[] = [];
  ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString('utf8')) as ServerMessage));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { messages, ws };
}

/** The status a WebSocket upgrade is answered with (101 if it opened). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
}

describe('the dashboard under hostile clients', { timeout: 240_000 }, () => {
  let rig: Rig;
  const notices: string[] = [];
  beforeAll(async () => {
    rig = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -', server: { notice: (_l, m) => notices.push(m) } });
    await rig.until('game-started');
  }, 60_000);
  afterAll(async () => rig?.stop());

  it("a spectator's page gets the balance meter's margins but no per-cell loads; an operator's gets the loads", async () => {
    const spectator = await listen(rig.url);
    const operator = await listen(rig.url, { Cookie: await login(rig.url) });
    await until('the operator has live loads', () => operator.messages.filter((m) => m.type === 'loads').length >= 3);
    await until('the spectator has the margins as often', () => spectator.messages.filter((m) => m.type === 'balance').length >= 3);
    expect(spectator.messages.filter((m) => m.type === 'loads')).toEqual([]);
    const loads = operator.messages.find((m) => m.type === 'loads');
    if (loads?.type === 'loads') expect(loads.loads.points).toHaveLength(42);
    spectator.ws.close();
    operator.ws.close();
  });

  it("refuses a POST and a WebSocket from another site's page, and a browser's POST that names no origin", async () => {
    const cookie = await login(rig.url);
    const evil = { Origin: 'http://evil.example:8080', Cookie: cookie };
    for (const path of ['/api/login', '/api/operator/end-by-agreement', '/api/sim', '/api/logout']) {
      const r = await postFrom(rig.url, path, path === '/api/login' ? OPERATOR : { action: 'press', well: 'a1' }, evil);
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ code: 'BadOrigin' });
    }
    // The same host on another port, or another scheme, is another origin.
    const { port } = new URL(rig.url);
    expect((await postFrom(rig.url, '/api/login', OPERATOR, { Origin: `http://127.0.0.1:${Number(port) + 1}` })).status).toBe(403);
    expect((await postFrom(rig.url, '/api/login', OPERATOR, { Origin: 'null' })).status).toBe(403);
    // A browser (Sec-Fetch-Site) always names the origin: one that does not is refused.
    expect((await postFrom(rig.url, '/api/operator/end-by-agreement', {}, { 'Sec-Fetch-Site': 'cross-site', Cookie: cookie })).status).toBe(
      403,
    );
    // The dashboard's own page, and a program that is no browser (no Origin, no Sec-Fetch-Site), go on.
    expect((await postFrom(rig.url, '/api/operator/end-by-agreement', {}, { Origin: originOf(rig.url), Cookie: cookie })).status).toBe(409);
    expect((await postFrom(rig.url, '/api/operator/end-by-agreement', {}, { Cookie: cookie })).status).toBe(409);
    // The socket: another site's page may not open it with the operator's cookie.
    expect(await upgradeStatus(rig.url, evil)).toBe(403);
    expect(await upgradeStatus(rig.url, { 'Sec-Fetch-Site': 'cross-site', Cookie: cookie })).toBe(403);
    expect(await upgradeStatus(rig.url, { Origin: originOf(rig.url), Cookie: cookie })).toBe(101);
  });

  it('bounds every request field, naming it and its bound; a body beyond 16 KiB is refused unread', async () => {
    const cookie = await login(rig.url);
    const headers = { Origin: originOf(rig.url), Cookie: cookie };
    const matchId = rig.app.matchId;
    const long = await postFrom(rig.url, '/api/operator/new-match', { players: { A: 'x'.repeat(65) }, force: true }, headers);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'TooLong', field: 'players.A', max: 64 });
    expect(long.body.error).toMatch(/players\.A is 65 characters, at most 64/);
    const huge = await postFrom(rig.url, '/api/operator/new-match', { players: { A: 'x'.repeat(1 << 20) }, force: true }, headers);
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'TooLarge', field: 'request', max: 16 * 1024 });
    const many = await postFrom(rig.url, '/api/sim', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])), headers);
    expect(many.body).toMatchObject({ code: 'TooMany', field: 'request', max: 16 });
    expect((await postFrom(rig.url, '/api/login', { name: 'n'.repeat(65), password: 'x' }, headers)).body).toMatchObject({
      code: 'TooLong',
      field: 'name',
    });
    // Nothing was done: the same match, with its players.
    expect(rig.app.matchId).toBe(matchId);
  });

  it('drops pages that never read once they fall behind the bound, while a page that reads goes on', async () => {
    // A rig of its own: a small bound and a fast loads rate, so the kernel's socket buffers (MBs on loopback) fill in seconds.
    const fast = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -', server: { maxBehindBytes: 64 * 1024, loadsHz: 1000 } });
    const sockets: Socket[] = [];
    try {
      await fast.until('game-started');
      const cookie = await login(fast.url);
      const reader = await listen(fast.url, { Cookie: cookie });
      let readerClosed = false;
      reader.ws.on('close', () => (readerClosed = true));
      const { port } = new URL(fast.url);
      for (let i = 0; i < 3; i++) {
        const s = connect(Number(port), '127.0.0.1');
        s.on('error', () => {});
        sockets.push(s);
        await new Promise<void>((resolve) => s.once('connect', () => resolve()));
        s.write(
          `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nCookie: ${cookie}\r\n` +
            `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
        s.pause(); // never reads a byte
      }
      await until('the four pages connected', () => fast.server.health.pages === 4, 20_000);
      await until('the three that never read dropped', () => fast.server.health.droppedPages >= 3, 180_000);
      expect(fast.server.health.pages).toBe(1);
      // What they held is given back: only the reading page's small backlog is left.
      expect(fast.server.health.behindBytes).toBeLessThan(64 * 1024);
      // A dropped socket, read at last, ends: the server closed it.
      const ended = sockets.map((s) => new Promise<void>((resolve) => s.once('close', () => resolve())));
      for (const s of sockets) s.resume();
      await Promise.all(ended);
      // The page that reads was never dropped and still hears the loads.
      const heard = reader.messages.length;
      await until('more loads for the reading page', () => reader.messages.length > heard + 10);
      expect(readerClosed).toBe(false);
      // A dropped page connects again for a fresh state.
      const again = await listen(fast.url, { Cookie: cookie });
      await until('a fresh state', () => again.messages.find((m) => m.type === 'state'));
      again.ws.close();
      reader.ws.close();
    } finally {
      for (const s of sockets) s.destroy();
      await fast.stop();
    }
  });
});

describe('dashboard logins under a flood', { timeout: 120_000 }, () => {
  let server: DashboardServer;
  let nowMs = 1_000_000;
  const notices: string[] = [];
  beforeAll(async () => {
    server = new DashboardServer({
      host: '127.0.0.1',
      port: 0,
      users: await testUsers(),
      assets: await testAssets(),
      now: () => nowMs,
      notice: (_level, message) => notices.push(message),
    });
    await server.start();
  });
  afterAll(async () => server?.stop());

  const attempt = (password: string, from = '127.0.0.1', name: string = OPERATOR.name): Promise<Reply> =>
    postFrom(server.url, '/api/login', { name, password }, {}, from);

  it('from one address: a few failures are free, then each makes the next wait twice as long (429, Retry-After)', async () => {
    const from = '127.0.0.3';
    for (let i = 0; i < 5; i++) expect((await attempt('wrong', from)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The failure that begins the wait is a plain 401; every attempt during it is a 429, the right password too.
      expect((await attempt('wrong', from)).status).toBe(401);
      const refused = await attempt(OPERATOR.password, from);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TooManyAttempts' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(refused.body.retryAfterS).toBe(retryAfter);
      waits.push(retryAfter);
      nowMs += retryAfter * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(notices.some((n) => /failed logins from 127\.0\.0\.3: the next must wait 1 s/.test(n))).toBe(true);
    expect(server.health.loginsRefused).toBeGreaterThanOrEqual(4);
    // Once the wait is over the operator logs in, and that clears the address.
    expect((await attempt(OPERATOR.password, from)).status).toBe(200);
    expect((await attempt('wrong', from)).status).toBe(401);
  });

  it('for one user name from many addresses: the name waits too', async () => {
    const name = 'nobody-here';
    for (let i = 0; i < 10; i++) expect((await attempt('wrong', `127.0.1.${i + 1}`, name)).status).toBe(401);
    expect((await attempt('wrong', '127.0.1.20', name)).status).toBe(401);
    const refused = await attempt('wrong', '127.0.1.21', name);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(1);
    // Another name from a fresh address is not held up.
    expect((await attempt(OPERATOR.password, '127.0.1.22')).status).toBe(200);
  });
});
