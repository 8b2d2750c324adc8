// The hub ends with every verdict of a match although the broker never delivered some, on a
// real Mosquitto (the ACL of docs/mqtt.md, with a hub user that may ask fetch_verdicts): a
// broker restart that lost the hub's session while the referee went on, and a hub started in
// the middle of a match. It sees the gap in the match's seqs and asks the referee, which
// answers from its journal; the hub's store then holds the match as the board's own does.
// Without a broker at all, `senryaku hub` says what is wrong once, with a hint, and retries
// less and less often instead of a line per attempt.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Hub } from '../../src/hub/hub.ts';
import { runHub, type HubHooks } from '../../src/cli/commands/hub.ts';
import { runMain } from '../cli/run-main.ts';
import { skipWithout } from '../system-tools.ts';
import { aclFor, freePort, MOSQUITTO, Mosquitto, seqs, Sub, until } from './mqtt-tools.ts';

const USERS = { referee: 'ref-pw', hub: 'hub-pw', vic: 'vw-pw' };
const VIEWER = ['-u', 'vic', '-P', USERS.vic];

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/matches.ts');
});

/** A referee on the simulated board publishing to the broker as `board`, its own store in `dir`. */
function referee(dir: string, port: number, board: string, seed: string) {
  return runMain([
    'referee',
    '--sim',
    '--autoplay',
    '--seed',
    seed,
    '--speed',
    '20',
    '--games',
    '2',
    '--json',
    '--scoreboard',
    'none',
    '--journal-dir',
    join(dir, 'journal'),
    '--calibration-dir',
    join(dir, 'cal'),
    '--db',
    join(dir, `${board}.db`),
    '--mqtt',
    `mqtt://127.0.0.1:${port}`,
    '--mqtt-user',
    'referee',
    '--mqtt-password',
    USERS.referee,
    '--board-name',
    board,
  ]);
}

/** `senryaku hub` in process as the hub user: resolves once subscribed, with the hub and how to stop it. */
async function startHub(dir: string, port: number, hooks: HubHooks = {}, out: string[] = []) {
  const stop = new AbortController();
  let hub: Hub | undefined;
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
  const args = ['--mqtt', `mqtt://127.0.0.1:${port}`, '--db', join(dir, 'hub.db'), '--mqtt-user', 'hub', '--mqtt-password', USERS.hub];
  let ready: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  const done = runHub(args, io, stop.signal, {
    ...hooks,
    onReady: (h) => {
      hub = h;
      ready();
    },
  });
  await subscribed;
  return {
    hub: hub!,
    stop: async () => {
      stop.abort();
      await done;
    },
  };
}

/** The match as a store exports it (JSON: the match and every verdict by seq). */
async function exported(db: string, matchId: string): Promise<string[]> {
  const r = await runMain(['matches', 'export', matchId, '--format', 'json', '--db', db]);
  expect(r.code, r.err.join('\n')).toBe(0);
  return r.out;
}

async function theMatchOf(db: string): Promise<string> {
  const list = await runMain(['matches', 'list', '--db', db, '--json']);
  const [match] = list.out.map((l) => JSON.parse(l) as { matchId: string });
  return match!.matchId;
}

describe.skipIf(skipWithout(MOSQUITTO, 'mosquitto mosquitto-clients', ['-h']))('the hub fills the gaps', () => {
  it('after a broker restart that lost its session while the referee went on', { timeout: 150_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-hub-restart-'));
    const broker = new Mosquitto(await freePort(), USERS, aclFor('referee', [], ['hub']));
    await broker.start();
    // The test decides when the hub comes back: after the referee has published what the hub then never gets.
    let letBack: () => void = () => {};
    const away = new Promise<void>((resolve) => (letBack = resolve));
    const hubLines: string[] = [];
    const { hub, stop } = await startHub(dir, broker.port, { retryMs: [200], beforeReconnect: () => away }, hubLines);
    try {
      const run = referee(dir, broker.port, 'restart', '3');
      await until('10 verdicts at the hub', () => hub.counters.stored >= 10, 60_000);
      await broker.stop();
      broker.forget(); // the hub's session, and what was retained, are gone
      await broker.start();
      // A reader that came after the restart sees the referee publish what the hub, unsubscribed, misses.
      const after = await new Sub(broker.port, VIEWER, 'senryaku/restart/verdict').start();
      await until('5 verdicts published while the hub was away', () => after.messages.length >= 5, 60_000);
      after.stop();
      const lostAtLeast = seqs(after.messages).length;
      letBack();
      const r = await run;
      expect(r.code, r.err.join('\n')).toBe(0);
      const own = join(dir, 'restart.db');
      const matchId = await theMatchOf(own);
      const total = r.out.filter((l) => !l.includes('"type":"storage"')).length;
      await until('the hub to hold every verdict', () => hub.counters.stored >= total, 60_000).catch((e: Error) => {
        throw new Error(`${e.message}: ${hub.summary()} of ${total}; ${JSON.stringify(hub.missing())}`);
      });
      expect(hub.counters.fetched).toBeGreaterThanOrEqual(lostAtLeast);
      expect(hub.missing()).toEqual([]);
      await stop();
      expect(await exported(join(dir, 'hub.db'), matchId)).toEqual(await exported(own, matchId));
      // What it printed said the gap while there was one.
      expect(hubLines.join('\n')).toMatch(/lost the MQTT broker at mqtt:\/\/127\.0\.0\.1:\d+/);
    } finally {
      letBack();
      await stop();
      await broker.stop();
    }
  });

  it('started in the middle of a match: the verdicts before it subscribed, and the games with them', { timeout: 150_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-hub-late-'));
    const broker = new Mosquitto(await freePort(), USERS, aclFor('referee', [], ['hub']));
    await broker.start();
    const watch = await new Sub(broker.port, VIEWER, 'senryaku/late/verdict').start();
    let stopHub: (() => Promise<void>) | undefined;
    try {
      const run = referee(dir, broker.port, 'late', '4');
      await until('12 verdicts before the hub starts', () => watch.messages.length >= 12, 60_000);
      const started = await startHub(dir, broker.port);
      stopHub = started.stop;
      const { hub } = started;
      const r = await run;
      expect(r.code, r.err.join('\n')).toBe(0);
      const own = join(dir, 'late.db');
      const matchId = await theMatchOf(own);
      const total = r.out.filter((l) => !l.includes('"type":"storage"')).length;
      await until('the hub to hold every verdict', () => hub.counters.stored >= total, 60_000).catch((e: Error) => {
        throw new Error(`${e.message}: ${hub.summary()} of ${total}; ${JSON.stringify(hub.missing())}`);
      });
      expect(hub.counters.fetched).toBeGreaterThanOrEqual(12);
      await stopHub();
      const hubs = await exported(join(dir, 'hub.db'), matchId);
      expect(hubs).toEqual(await exported(own, matchId));
      const shown = await runMain(['matches', 'show', matchId, '--db', join(dir, 'hub.db')]);
      expect(shown.out.filter((l) => l.startsWith('game '))).toHaveLength(2);
    } finally {
      watch.stop();
      await stopHub?.();
      await broker.stop();
    }
  });
});

describe('senryaku hub without a broker', () => {
  it('says once which URL, that a broker must run there and --mqtt, then retries less and less often', async () => {
    const port = await freePort(); // nothing listens there
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-hub-nobroker-'));
    const lines: string[] = [];
    const stop = new AbortController();
    let attempts = 0;
    const done = runHub(
      ['--mqtt', `mqtt://127.0.0.1:${port}`, '--db', join(dir, 'hub.db'), '--every-ms', '100000'],
      { out: () => {}, err: (l) => lines.push(l) },
      stop.signal,
      { retryMs: [20, 40, 80], onRetry: (n) => (attempts = n) },
    );
    await until('six failed attempts', () => attempts >= 6, 20_000);
    stop.abort();
    expect(await done).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^senryaku hub: no MQTT broker at mqtt://127\\.0\\.0\\.1:${port} \\(connection refused\\): one must be running there`),
    );
    expect(lines[0]).toMatch(/--mqtt URL names the broker/);
    expect(lines[0]).toMatch(/--mqtt-listen, 127\.0\.0\.1:1883 by default/);
    expect(lines[1]).toMatch(/still no MQTT broker at .* after 3 attempts; trying every 0\.08 s from now on/);
  });
});
