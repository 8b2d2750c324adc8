// The dashboard server over HTTP and its WebSocket, attached to a referee on the simulated
// board: the page and its files, the state a page joins with, verdicts as they come, sim play,
// the operator's login and the refusals a spectator gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerMessage } from '../../src/web/protocol.ts';
import { DashboardListenError, DashboardServer } from '../../src/web/server.ts';
import { OPERATOR, Rig, testAssets } from './harness.ts';

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

/** A page's socket, keeping every message it is sent. */
async function listen(url: string, cookie?: string): Promise<{ messages: ServerMessage[]; ws: WebSocket }> {
  const ws = new WebSocket(`${url.replace('http', 'ws')}ws`, cookie ? { headers: { Cookie: cookie } } : {});
  const messages: ServerMessage[] = [];
  ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString('utf8')) as ServerMessage));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { messages, ws };
}

async function waitFor<T>(find: () => T | undefined, maxMs = 10_000): Promise<T> {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const v = find();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the dashboard server', { timeout: 60_000 }, () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -', store: true });
    await rig.until('game-started');
  }, 60_000);
  afterAll(async () => rig?.stop());

  it('serves the page, its script and its style, and nothing from elsewhere', async () => {
    const page = await fetch(rig.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/app.js">');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain("default-src 'none'");
    const script = await fetch(`${rig.url}app.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1000);
    expect((await fetch(`${rig.url}style.css`)).headers.get('content-type')).toMatch(/css/);
  });

  it("a page joins with the snapshot and the verdicts so far, then hears each verdict and the balance meter's margins", async () => {
    const { messages, ws } = await listen(rig.url);
    const first = await waitFor(() => messages[0]);
    expect(first.type).toBe('state');
    if (first.type !== 'state') return;
    expect(first.role).toBe('spectator');
    expect(first.sim).toBe(true);
    expect(first.match).toMatchObject({ ruleset: 'senryaku', players: { A: 'Alice', B: 'Bob' }, board: { files: 7, ranks: 6 } });
    expect(first.snapshot).toMatchObject({ phase: 'play', turn: 'white', position: '7/2B4/2W4/7/7/7 w - -', journal: { state: 'main' } });
    expect(first.verdicts.map((v) => v.verdict.type)).toContain('game-started');
    const balance = await waitFor(() => messages.find((m) => m.type === 'balance'));
    if (balance.type === 'balance') expect(balance.tipMargin.white).toBeGreaterThan(0);
    ws.close();
  });

  it('a spectator may not act for the operator; a wrong password is refused; an operator logs in', async () => {
    const refused = await post(`${rig.url}api/operator/end-by-agreement`, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'operator actions need an operator login' });
    expect((await post(`${rig.url}api/login`, { name: OPERATOR.name, password: 'wrong' })).status).toBe(401);
    expect((await post(`${rig.url}api/login`, { name: 'viewer', password: 'viewer pass' })).status).toBe(401);
    const login = await post(`${rig.url}api/login`, OPERATOR);
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const session = cookie.split(';')[0]!;
    expect(await (await fetch(`${rig.url}api/me`, { headers: { Cookie: session } })).json()).toEqual({
      role: 'operator',
      name: OPERATOR.name,
    });
    const { messages, ws } = await listen(rig.url, session);
    expect(await waitFor(() => messages[0])).toMatchObject({ type: 'state', role: 'operator' });
    ws.close();
    // Senryaku has no ending by agreement: the control says so, the server only passes it on.
    const answer = await post(`${rig.url}api/operator/end-by-agreement`, {}, session);
    expect(answer.status).toBe(409);
    expect((await post(`${rig.url}api/operator/no-such-thing`, {}, session)).status).toBe(404);
    // A forged cookie is a spectator's.
    expect((await post(`${rig.url}api/operator/end-by-agreement`, {}, 'senryaku_session=forged')).status).toBe(403);
    const logout = await post(`${rig.url}api/logout`, {}, session);
    expect(logout.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await post(`${rig.url}api/operator/end-by-agreement`, {}, session)).status).toBe(403);
  });

  it('requests that are not JSON are refused before anything is done', async () => {
    const form = await fetch(`${rig.url}api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=desk&password=x',
    });
    expect(form.status).toBe(415);
    expect((await post(`${rig.url}api/sim`, { action: 'lift' })).status).toBe(400);
    expect((await post(`${rig.url}api/sim`, { action: 'teleport', well: 'a1' })).status).toBe(400);
  });

  it('sim play: a capture by hand actions reaches the page as verdicts, each with the time it was heard', async () => {
    const { messages, ws } = await listen(rig.url);
    for (const body of [
      { action: 'lift', well: 'c5' },
      { action: 'lift', well: 'c4' },
    ]) {
      expect((await post(`${rig.url}api/sim`, body)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
    }
    const placed = await post(`${rig.url}api/sim`, { action: 'place', well: 'c5', kind: 'W' });
    expect(await placed.json()).toMatchObject({ ok: true, hands: { hand: ['B'] } });
    const over = await waitFor(() => messages.find((m) => m.type === 'verdict' && m.verdict.type === 'game-over'));
    expect(over).toMatchObject({ verdict: { winner: 'white', reason: 'capture' } });
    const move = messages.find((m) => m.type === 'verdict' && m.verdict.type === 'move');
    expect(move).toMatchObject({ verdict: { move: 'c4xc5' } });
    if (move?.type === 'verdict') expect(move.heardMs).toBeGreaterThan(0);
    ws.close();
  });

  it('lists the matches of the store and gives the verdicts of a match for the replay', async () => {
    await rig.until('game-over');
    const list = (await (await fetch(`${rig.url}api/matches`)).json()) as { matches: { matchId: string; players: unknown }[] };
    expect(list.matches).toHaveLength(1);
    expect(list.matches[0]).toMatchObject({ matchId: rig.app.matchId, players: { A: 'Alice', B: 'Bob' } });
    const one = (await (await fetch(`${rig.url}api/matches/${encodeURIComponent(rig.app.matchId)}/verdicts`)).json()) as {
      verdicts: { seq: number; verdict: { type: string } }[];
    };
    expect(one.verdicts.map((v) => v.verdict.type)).toEqual(rig.verdicts.map((v) => v.type));
    expect((await fetch(`${rig.url}api/matches/nope/verdicts`)).status).toBe(404);
  });

  it('sim play: a press on a well, a hand on the rim and holding the board are hand actions too', async () => {
    for (const body of [
      { action: 'press', well: 'd3' },
      { action: 'hold', where: 'rim-white' },
      { action: 'hold', where: 'centre' },
    ])
      expect((await post(`${rig.url}api/sim`, body)).status).toBe(200);
    // A well off the board is the simulator's to refuse, in its words.
    const off = await post(`${rig.url}api/sim`, { action: 'lift', well: 'z9' });
    expect(off.status).toBe(409);
    expect(((await off.json()) as { error: string }).error.length).toBeGreaterThan(0);
  });
});

describe('the dashboard server: a load cell that dies', () => {
  it('a spectator hears the fault and gets the well as blind in the snapshot, then seen again when the cell works', async () => {
    const rig = await Rig.start({ position: '7/2B4/2W4/7/7/7 w - -' });
    try {
      await rig.until('game-started');
      const { messages, ws } = await listen(rig.url);
      await waitFor(() => messages[0]);
      const blindIn = (m: ServerMessage): readonly string[] | undefined =>
        m.type === 'snapshot' ? m.snapshot.sensors.blind : m.type === 'state' ? m.snapshot?.sensors.blind : undefined;
      rig.sim.setCellFault(13, { kind: 'dead' }); // g2: seed 7's cell there reads raw 0 as less than nothing
      const fault = await waitFor(() => messages.find((m) => m.type === 'verdict' && m.verdict.type === 'sensor-fault'));
      expect(fault).toMatchObject({ verdict: { fault: 'dead', well: 'g2', blind: true } });
      await waitFor(() => (messages.some((m) => blindIn(m)?.includes('g2')) ? true : undefined));
      const late = await listen(rig.url); // a page that joins now is told too
      const joined = await waitFor(() => late.messages[0]);
      expect(blindIn(joined)).toEqual(['g2']);
      rig.sim.setCellFault(13, undefined);
      const cleared = await waitFor(() => {
        const i = messages.findIndex((m) => m.type === 'verdict' && m.verdict.type === 'sensor-cleared');
        return i >= 0 ? i : undefined;
      });
      const after = await waitFor(() => messages.slice(cleared).find((m) => m.type === 'snapshot'));
      expect(blindIn(after)).toEqual([]);
      ws.close();
      late.ws.close();
    } finally {
      await rig.stop();
    }
  });
});

describe('the dashboard server without a simulated board, history or free port', () => {
  it('offers no sim play and refuses a taken port in a sentence', async () => {
    const a = new DashboardServer({ host: '127.0.0.1', port: 0, assets: await testAssets() });
    await a.start();
    try {
      const play = await post(`${a.url}api/sim`, { action: 'lift', well: 'a1' });
      expect(play.status).toBe(404);
      expect(((await play.json()) as { error: string }).error).toMatch(/simulated board/);
      expect((await fetch(`${a.url}api/matches`)).status).toBe(404);
      const state = (await (await fetch(`${a.url}api/state`)).json()) as { sim: boolean; match?: unknown };
      expect(state.sim).toBe(false);
      expect(state.match).toBeUndefined();
      const port = Number(new URL(a.url).port);
      const b = new DashboardServer({ host: '127.0.0.1', port, assets: await testAssets() });
      await expect(b.start()).rejects.toThrow(DashboardListenError);
      await expect(b.start()).rejects.toThrow(/port is taken/);
      await b.stop();
    } finally {
      await a.stop();
    }
  });
});

describe("the operator's requests from the dashboard, on the referee command's seam", { timeout: 60_000 }, () => {
  it('attributes a holding to the other side, then starts a new match on the board when told to leave this one', async () => {
    const rig = await Rig.start({ position: 'bbbBbbb/7/7/7/7/wwwWwww w - -' });
    try {
      const login = await post(`${rig.url}api/login`, OPERATOR);
      const session = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      await rig.until('game-started');
      void rig.sim.holdBoard(400, { afterMs: 300, durationMs: 3000 });
      expect(await rig.until('forfeit')).toMatchObject({ loser: 'white', reason: 'holding' });
      const attributed = await post(`${rig.url}api/operator/attribute-interference`, { to: 'black' }, session);
      expect(attributed.status).toBe(200);
      expect(await attributed.json()).toMatchObject({ ok: true, game: 1, to: 'black', winner: 'white' });
      expect(await rig.until('attributed')).toMatchObject({ to: 'black' });
      const again = await post(`${rig.url}api/operator/attribute-interference`, { to: 'black' }, session);
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: expect.stringMatching(/^attribution refused: black already forfeited/) as string });

      const first = rig.app.matchId;
      const kept = await post(`${rig.url}api/operator/new-match`, { players: { A: 'Cy', B: 'Di' } }, session);
      expect(kept.status).toBe(409);
      expect(await kept.json()).toMatchObject({ error: expect.stringMatching(/is not over .*"force": true/) as string });
      const made = await post(`${rig.url}api/operator/new-match`, { players: { A: 'Cy', B: 'Di' }, force: true }, session);
      expect(made.status).toBe(200);
      const { matchId } = (await made.json()) as { matchId: string };
      expect(matchId).not.toBe(first);
      expect(rig.app.matchId).toBe(matchId);
      // A page that joins now sees the new match, which begins on the board set up afresh.
      const { messages, ws } = await listen(rig.url);
      expect(await waitFor(() => messages[0])).toMatchObject({ type: 'state', match: { matchId, players: { A: 'Cy', B: 'Di' } } });
      ws.close();
      await waitFor(() => (rig.verdicts.filter((v) => v.type === 'game-started').length >= 2 ? true : undefined));
    } finally {
      await rig.stop();
    }
  });
});
