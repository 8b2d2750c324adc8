// `senryaku referee` with its dashboard, as a user starts it (a child process): the address is
// the first thing it says, a page joins the match, a capture played by sim-play requests is on
// the terminal and on the page alike, and Ctrl-C stops both. A taken port and a bad --http are
// said in one line.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import type { ServerMessage } from '../../src/web/protocol.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEED = '9';
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'senryaku-web-cli-'));
  const cal = await calibrateSimulatedBoard({ seed: Number(SEED), store: new CalibrationStore(join(dir, 'cal')) });
  expect(cal.ok).toBe(true);
}, 60_000);

const referee = (...more: string[]): ChildProcessWithoutNullStreams =>
  spawn(
    process.execPath,
    [
      join(ROOT, 'bin/senryaku.js'),
      'referee',
      '--sim',
      '--seed',
      SEED,
      '--scoreboard',
      'none',
      '--db',
      'off',
      '--journal-dir',
      join(dir, 'journal'),
      '--calibration-dir',
      join(dir, 'cal'),
      ...more,
    ],
    { cwd: ROOT, env: { ...process.env, SENRYAKU_MQTT_LISTEN: 'off' } },
  );

/** Collects a stream's text; `seen(re)` waits until it matches. */
function collect(stream: NodeJS.ReadableStream): { text: () => string; seen: (re: RegExp, ms?: number) => Promise<RegExpExecArray> } {
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return {
    text: () => text,
    seen: async (re, ms = 20_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const m = re.exec(text);
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`never saw ${re} in:\n${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

const exited = (child: ChildProcessWithoutNullStreams): Promise<number | null> =>
  new Promise((resolve) => child.once('exit', (code) => resolve(code)));

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('senryaku referee --http', { timeout: 60_000 }, () => {
  it('says the dashboard address first; a game played on its page is the game on the terminal', async () => {
    const child = referee('--http', '127.0.0.1:0', '--position', '7/2B4/2W4/7/7/7 w - -');
    const out = collect(child.stdout);
    const err = collect(child.stderr);
    const done = exited(child);
    try {
      const [, url] = await err.seen(/Dashboard: (http:\/\/127\.0\.0\.1:\d+\/)\n/);
      expect(err.text().startsWith('Dashboard: ')).toBe(true);
      await out.seen(/Game 1 starts/);
      const ws = new WebSocket(`${url!.replace('http', 'ws')}ws`);
      const messages: ServerMessage[] = [];
      ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString('utf8')) as ServerMessage));
      await new Promise((resolve) => ws.once('open', resolve));
      for (const body of [
        { action: 'lift', well: 'c5' },
        { action: 'lift', well: 'c4' },
        { action: 'place', well: 'c5' },
      ]) {
        expect((await post(`${url}api/sim`, body)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 400));
      }
      await out.seen(/Game 1 over: White \(A\) wins by capture/);
      const deadline = Date.now() + 5000;
      while (!messages.some((m) => m.type === 'verdict' && m.verdict.type === 'game-over') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      const first = messages[0];
      expect(first).toMatchObject({ type: 'state', sim: true, control: true, match: { ruleset: 'senryaku' } });
      expect(messages.filter((m) => m.type === 'verdict').map((m) => m.type === 'verdict' && m.verdict.type)).toEqual(
        expect.arrayContaining(['move', 'game-over']),
      );
      // The operator's controls are there, behind the login.
      expect((await post(`${url}api/operator/new-match`, {})).status).toBe(403);
      ws.close();
    } finally {
      child.kill('SIGINT');
    }
    expect(await done).toBe(0);
  });

  it('a taken port stops the referee at once with one line; a bad --http is bad input', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const child = referee('--http', `127.0.0.1:${port}`);
      const err = collect(child.stderr);
      expect(await exited(child)).toBe(1);
      expect(err.text()).toMatch(new RegExp(`the dashboard cannot listen on 127\\.0\\.0\\.1:${port}: the port is taken`));
    } finally {
      blocker.close();
    }
    const bad = referee('--http', 'everywhere');
    const err = collect(bad.stderr);
    expect(await exited(bad)).toBe(2);
    expect(err.text()).toMatch(/--http.*HOST:PORT/);
  });
});
