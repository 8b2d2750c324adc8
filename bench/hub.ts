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
 * Run: npm run bench:hub [-- --boards N]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectAsync, type MqttClient } from 'mqtt';
import { autoplaySession } from '../test/support/autoplay-session.ts';
import { CalibrationStore } from '../src/calibration/store.ts';
import { Hub } from '../src/hub/hub.ts';
import { matchInfoOf } from '../src/app/match-store-service.ts';
import type { SessionContext } from '../src/app/referee-app.ts';
import { calibrateSimulatedBoard } from '../src/app/sim-calibration.ts';
import { VirtualClock } from '../src/app/virtual-clock.ts';
import type { Verdict } from '../src/referee/verdicts.ts';
import type { MatchInfo } from '../src/store/index.ts';
import { openStore } from '../src/store/index.ts';

const { values } = parseArgs({ options: { boards: { type: 'string', default: '50' } } });
const BOARDS = Number(values.boards);
const BASE = 'senryaku';

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
  const tap = (session: SessionContext) => ({
    name: 'tap',
    start: async () => {
      info = matchInfoOf(session.header);
      session.bus.on('logged', verdicts, (l) => verdicts.push(l.verdict));
    },
    stop: async () => session.bus.removeListeners(verdicts),
  });
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

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-hub-'));
  process.stdout.write('recording one autoplayed match (seed 1, 2 games)... ');
  const match = await recordedMatch(dir);
  console.log(`${match.verdicts.length} verdicts`);

  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\nmax_queued_messages 0\npersistence false\n`);
  const broker = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  const url = `mqtt://127.0.0.1:${port}`;
  try {
    const opened = openStore(join(dir, 'hub.db'));
    if (!opened.ok) throw new Error(opened.error.message);
    const hub = new Hub(opened.value, BASE);
    const total = BOARDS * match.verdicts.length;
    let done: () => void = () => {};
    const allStored = new Promise<void>((r) => (done = r));
    const hubClient = await connectAsync(url, { protocolVersion: 4, clientId: 'bench-hub', clean: false });
    hubClient.on('message', (topic, payload) => {
      hub.onMessage(topic, payload);
      if (hub.counters.stored === total) done();
    });
    await hubClient.subscribeAsync(hub.subscriptions, { qos: 1 });

    const publishers: MqttClient[] = [];
    for (let b = 0; b < BOARDS; b++) publishers.push(await connectAsync(url, { protocolVersion: 4, clientId: `bench-board-${b}` }));
    const t0 = process.hrtime.bigint();
    await Promise.all(
      publishers.map(async (client, b) => {
        const board = `board-${String(b + 1).padStart(2, '0')}`;
        const info: MatchInfo = { ...match.info, matchId: `${match.info.matchId}-${board}`, board: { ...match.info.board, key: board } };
        await client.publishAsync(`${BASE}/${board}/match`, JSON.stringify(info), { qos: 1, retain: true });
        await Promise.all(
          match.verdicts.map((verdict, i) =>
            client.publishAsync(`${BASE}/${board}/verdict`, JSON.stringify({ matchId: info.matchId, seq: i + 1, verdict }), { qos: 1 }),
          ),
        );
      }),
    );
    const published = Number(process.hrtime.bigint() - t0) / 1e9;
    await allStored;
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const rows = opened.value.db.prepare('SELECT COUNT(*) AS n FROM verdicts').get() as { n: number };
    console.log(`boards          ${BOARDS} publishing at once to Mosquitto, one hub storing (SQLite, WAL)`);
    console.log(
      `verdicts        ${total} (${match.verdicts.length} a board), ${rows.n} rows stored, ${hub.counters.duplicates} duplicates`,
    );
    console.log(`published in    ${published.toFixed(2)} s; all stored after ${seconds.toFixed(2)} s`);
    console.log(`hub throughput  ${Math.round(total / seconds).toLocaleString('en-US')} verdicts/s stored`);
    if (rows.n !== total) process.exitCode = 1;
    for (const c of publishers) await c.endAsync();
    await hubClient.endAsync();
    opened.value.close();
  } finally {
    broker.kill();
  }
}

await main();
