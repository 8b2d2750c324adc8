/**
 * Hub bench: verdicts per second the tournament hub stores when many board hosts publish to
 * one broker at once.
 *
 * What runs: a real Mosquitto (Debian's, on a free port); N board publishers (default 50),
 * each an MQTT 3.1.1 client publishing what a board host publishes (its match, retained,
 * then every verdict at QoS 1 with its matchId and seq); one hub (`Hub`, src/app/hub.ts, as
 * `senryaku hub` runs it) subscribed at QoS 1 with a persistent session, filing into a fresh
 * SQLite match store. The verdicts are those of a real autoplayed Senryaku match (the whole
 * simulated stack on virtual time, seed 1, 2 games), renumbered per board so that every board
 * has its own match: the boards publish as fast as the broker takes them, far faster than
 * boards at the table produce verdicts (a verdict every few seconds each).
 *
 * Clock: starts when the publishers start publishing (the hub is already subscribed); stops
 * when the hub has stored the last verdict. Every verdict is checked stored exactly once.
 *
 * Reference, in the same run: the same publishers and messages through the same broker to a
 * plain MQTT subscriber (QoS 1, persistent session) that only counts them, raw Mosquitto with
 * nothing filed. Rounds alternate reference and hub (each on topics of its own), and the ratio
 * is taken per round, so that a machine busy with other work moves both alike; the figures
 * that travel between machines are the ratio and its range, not the verdicts per second.
 * Run: npm run bench:hub [-- --boards N --rounds N]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';
import { autoplaySession } from '../test/support/autoplay-session.ts';
import { CalibrationStore } from '../src/calibration/store.ts';
import { Hub } from '../src/hub/hub.ts';
import { matchInfoOf } from '../src/app/match-info.ts';
import type { MatchContext } from '../src/app/match-context.ts';
import type { Service } from '../src/app/service.ts';
import { calibrateSimulatedBoard } from '../src/app/sim-calibration.ts';
import { VirtualClock } from '../src/app/virtual-clock.ts';
import type { Verdict } from '../src/referee/verdicts.ts';
import type { MatchInfo } from '../src/store/index.ts';
import { openStore } from '../src/store/index.ts';

const { values } = parseArgs({ options: { boards: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const BOARDS = Number(values.boards);
const ROUNDS = Number(values.rounds);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** One real match: its description and its verdicts, as a board host publishes them. */
async function recordedMatch(dir: string): Promise<{ info: MatchInfo; verdicts: Verdict[] }> {
  const calibration = await calibrateSimulatedBoard({ seed: 1, store: new CalibrationStore(join(dir, 'cal')) });
  if (!calibration.ok) throw new Error(calibration.error);
  const clock = new VirtualClock({ stepMs: 50 });
  let info: MatchInfo | undefined;
  const verdicts: Verdict[] = [];
  let heard: MatchContext | undefined;
  const tap: Service = {
    name: 'tap',
    start: async () => {},
    stop: async () => {},
    attach: (match) => {
      heard = match;
      info = matchInfoOf(match.header);
      match.bus.on('logged', verdicts, (l) => verdicts.push(l.verdict));
    },
    detach: () => heard?.bus.removeListeners(verdicts),
  };
  const app = await autoplaySession({
    seed: 1,
    clock,
    calibration: calibration.value,
    journalDir: join(dir, 'j'),
    gamesLimit: 2,
    services: [tap],
  });
  await app.start();
  await clock.fastForward(app.finished, 60 * 60_000);
  await clock.fastForward(app.stop(), 60_000);
  await clock.stop();
  if (!info) throw new Error('no match');
  return { info, verdicts };
}

type Recorded = Awaited<ReturnType<typeof recordedMatch>>;

/** Every board's match and verdicts published at once under `base`; resolves with the seconds it took to publish. */
async function publishAll(
  url: string,
  base: string,
  match: Recorded,
  round: string,
): Promise<{ clients: MqttClient[]; run: Promise<void> }> {
  const clients: MqttClient[] = [];
  for (let b = 0; b < BOARDS; b++) clients.push(await connectAsync(url, { protocolVersion: 4, clientId: `bench-board-${round}-${b}` }));
  const run = Promise.all(
    clients.map(async (client, b) => {
      const board = `board-${String(b + 1).padStart(2, '0')}`;
      const info: MatchInfo = {
        ...match.info,
        matchId: `${match.info.matchId}-${round}-${board}`,
        board: { ...match.info.board, key: board },
      };
      await client.publishAsync(`${base}/${board}/match`, JSON.stringify(info), { qos: 1, retain: true });
      await Promise.all(
        match.verdicts.map((verdict, i) =>
          client.publishAsync(`${base}/${board}/verdict`, JSON.stringify({ matchId: info.matchId, seq: i + 1, verdict }), { qos: 1 }),
        ),
      );
    }),
  ).then(() => undefined);
  return { clients, run };
}

interface RunFigures {
  readonly seconds: number;
  readonly perSecond: number;
}

/** Raw Mosquitto: a subscriber that counts the verdicts and files nothing. */
async function referenceRun(url: string, match: Recorded, round: number): Promise<RunFigures> {
  const base = `raw${round}`;
  const total = BOARDS * match.verdicts.length;
  let received = 0;
  let done: () => void = () => {};
  const allReceived = new Promise<void>((r) => (done = r));
  const sub = await connectAsync(url, { protocolVersion: 4, clientId: `bench-raw-${round}`, clean: false });
  sub.on('message', (topic) => {
    if (topic.endsWith('/verdict') && ++received === total) done();
  });
  await sub.subscribeAsync(`${base}/+/#`, { qos: 1 });
  const t0 = process.hrtime.bigint();
  const { clients, run } = await publishAll(url, base, match, `raw${round}`);
  await run;
  await allReceived;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  for (const c of clients) await c.endAsync();
  await sub.endAsync();
  return { seconds, perSecond: total / seconds };
}

/** The hub as `senryaku hub` runs it, filing into a fresh SQLite store; every verdict checked stored once. */
async function hubRun(url: string, dir: string, match: Recorded, round: number): Promise<RunFigures> {
  const base = `hub${round}`;
  const opened = openStore(join(dir, `hub-${round}.db`));
  if (!opened.ok) throw new Error(opened.error.message);
  const hub = new Hub(opened.value, base);
  const total = BOARDS * match.verdicts.length;
  let done: () => void = () => {};
  const allStored = new Promise<void>((r) => (done = r));
  const hubClient = await connectAsync(url, { protocolVersion: 4, clientId: `bench-hub-${round}`, clean: false });
  hubClient.on('message', (topic, payload) => {
    hub.onMessage(topic, payload);
    if (hub.counters.stored === total) done();
  });
  await hubClient.subscribeAsync(hub.subscriptions, { qos: 1 });
  const t0 = process.hrtime.bigint();
  const { clients, run } = await publishAll(url, base, match, `hub${round}`);
  await run;
  await allStored;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rows = opened.value.db.prepare('SELECT COUNT(*) AS n FROM verdicts').get() as { n: number };
  if (rows.n !== total || hub.counters.duplicates !== 0)
    throw new Error(`hub stored ${rows.n} rows of ${total} (${hub.counters.duplicates} duplicates)`);
  for (const c of clients) await c.endAsync();
  await hubClient.endAsync();
  opened.value.close();
  return { seconds, perSecond: total / seconds };
}

/** Mosquitto on a free port, once it takes connections. */
async function startBroker(dir: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 0\npersistence false\n`);
  const broker = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const url = `mqtt://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      const probe = await connectAsync(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 2000 });
      await probe.endAsync();
      return { url, stop: () => broker.kill() };
    } catch (e) {
      if (attempt >= 100 || broker.exitCode !== null) {
        broker.kill();
        throw new Error(`Mosquitto did not take connections: ${(e as Error).message}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const perSecond = (n: number): string => Math.round(n).toLocaleString('en-US');
const range = (xs: readonly number[], f: (n: number) => string): string => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-hub-'));
  process.stdout.write('recording one autoplayed match (seed 1, 2 games)... ');
  const match = await recordedMatch(dir);
  console.log(`${match.verdicts.length} verdicts`);
  const broker = await startBroker(dir);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  try {
    const hub: RunFigures[] = [];
    const raw: RunFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so that neither always meets a warmer (or busier) machine.
      if (round % 2 === 1) {
        raw.push(await referenceRun(broker.url, match, round));
        hub.push(await hubRun(broker.url, dir, match, round));
      } else {
        hub.push(await hubRun(broker.url, dir, match, round));
        raw.push(await referenceRun(broker.url, match, round));
      }
      console.log(
        `round ${round}: hub ${perSecond(hub[round - 1]!.perSecond)} verdicts/s stored, raw Mosquitto ${perSecond(raw[round - 1]!.perSecond)}/s delivered`,
      );
    }
    const ratios = hub.map((h, i) => h.perSecond / raw[i]!.perSecond);
    const total = BOARDS * match.verdicts.length;
    console.log(`boards          ${BOARDS} publishing at once to Mosquitto, ${total} verdicts a run (${match.verdicts.length} a board)`);
    console.log(`load average    ${load} at the start (2 cores)`);
    console.log(
      `hub throughput  ${range(
        hub.map((h) => h.perSecond),
        perSecond,
      )} verdicts/s stored over ${ROUNDS} rounds (median ${perSecond(median(hub.map((h) => h.perSecond)))}), each stored once`,
    );
    console.log(
      `raw Mosquitto   ${range(
        raw.map((h) => h.perSecond),
        perSecond,
      )} verdicts/s delivered to a counting subscriber (median ${perSecond(median(raw.map((h) => h.perSecond)))})`,
    );
    console.log(
      `hub / raw       ${range(ratios, (r) => r.toFixed(2))} per round, median ${median(ratios).toFixed(2)}: the hub's share of what the broker alone delivers`,
    );
  } finally {
    broker.stop();
  }
}

await main();
