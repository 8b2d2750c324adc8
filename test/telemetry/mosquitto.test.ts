// The referee against a real Mosquitto, started here on a free port with a password file
// and the ACL of docs/mqtt.md (no anonymous clients): it publishes with its credentials; a
// request without operator credentials is refused and changes nothing, with them it ends a
// Surakarta game by agreement; the broker stopped mid-match and started again on the same
// port loses no verdict and repeats none; a referee killed with kill -9 is `offline` by its
// last will. The queue's bound: the oldest verdicts go, counted and said.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { MqttPublisher, type TelemetrySession } from '../../src/telemetry/publisher.ts';
import type { VerdictPayload } from '../../src/telemetry/topics.ts';
import { skipWithout } from '../system-tools.ts';
import { aclFor, expectValidPayloads, freePort, MOSQUITTO, Mosquitto, seqs, sleep, Sub, TEST_MATCH, until } from './mqtt-tools.ts';
import { saidVerdict } from '../said.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

const USERS = { referee: 'r-pass', olga: 'op-pass', vic: 'vw-pass' };
const VIEWER = ['-u', 'vic', '-P', 'vw-pass'];
const calibrationDir = join(mkdtempSync(join(tmpdir(), 'mqtt-cal-')), 'cal');

const pub = (port: number, topic: string, message: string, user: string, password: string): Promise<number | null> =>
  new Promise((resolve) => {
    const args = [
      '-V',
      'mqttv311',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-q',
      '1',
      '-t',
      topic,
      '-m',
      message,
      '-u',
      user,
      '-P',
      password,
    ];
    const child = spawn('mosquitto_pub', args, { stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });

function refereeArgs(port: number, extra: readonly string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'mqtt-mosquitto-'));
  return [
    'referee',
    '--sim',
    '--autoplay',
    '--json',
    '--scoreboard',
    'none',
    '--journal-dir',
    join(dir, 'j'),
    '--calibration-dir',
    calibrationDir,
    '--mqtt',
    `mqtt://127.0.0.1:${port}`,
    '--mqtt-user',
    'referee',
    '--mqtt-password',
    USERS.referee,
    ...extra,
  ];
}

describe.skipIf(skipWithout(MOSQUITTO, 'mosquitto mosquitto-clients', ['-h']))('the referee on a real Mosquitto', () => {
  let broker: Mosquitto;

  beforeAll(async () => {
    broker = new Mosquitto(await freePort(), USERS, aclFor('referee', ['olga']));
    await broker.start();
  });
  afterAll(async () => {
    await broker.stop();
  });

  it('ends a Surakarta game by agreement for an operator, never for a viewer', { timeout: 180_000 }, async () => {
    const sub = await new Sub(broker.port, VIEWER).start();
    const out: string[] = [];
    const err: string[] = [];
    const run = main(refereeArgs(broker.port, ['--rules', 'surakarta', '--speed', '1', '--games', '1', '--board-name', 'sk']), {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    // A guard, not a clock: 2 s here when idle, much more beside the browser and simulator tests on 2 cores.
    await until('the game to start', () => sub.on('verdict').some((m) => m.payload.includes('"game-started"')), 90_000);
    const topic = 'senryaku/bridge/request/end_game_by_agreement';
    expect(await pub(broker.port, topic, '{"transaction":"v"}', 'vic', USERS.vic)).toBe(0); // Mosquitto drops it quietly
    await sleep(500);
    expect(sub.on('bridge/response/end_game_by_agreement')).toEqual([]);
    expect(sub.on('verdict').some((m) => m.payload.includes('"game-over"'))).toBe(false);

    expect(await pub(broker.port, topic, '{"transaction":"o"}', 'olga', USERS.olga)).toBe(0);
    expect(await run, err.join('\n')).toBe(0);
    await until('the answer', () => sub.on('bridge/response/end_game_by_agreement').length > 0);
    // The operator's answer only: the viewer's request had none, before or after.
    expect(sub.on('bridge/response/end_game_by_agreement').map((m) => JSON.parse(m.payload))).toMatchObject([
      { status: 'ok', transaction: 'o' },
    ]);
    const over = out.map((l) => JSON.parse(l)).find((v) => v.type === 'game-over');
    expect(over).toMatchObject({ type: 'game-over', game: 1 });
    expect(over.reason).toMatch(/agree/);
    await until('offline', () => sub.on('availability').some((m) => m.payload === 'offline'));
    expect(sub.on('verdict').map((m) => JSON.parse(m.payload).verdict)).toEqual(out.map(saidVerdict));
    sub.stop();
    expectValidPayloads(sub.messages.filter((m) => !m.topic.includes('/request/')));
  });

  it(
    'loses no verdict and repeats at most the one in flight when the broker is stopped mid-match and started again',
    { timeout: 180_000 },
    async () => {
      // A subscriber with a lasting session (-c, QoS 1): the broker keeps what it missed while both were away.
      const sub = await new Sub(broker.port, [...VIEWER, '-c', '-i', `reader-${broker.port}`, '-q', '1'], 'senryaku/restart/#').start();
      const out: string[] = [];
      const err: string[] = [];
      const run = main(refereeArgs(broker.port, ['--speed', '8', '--games', '1', '--board-name', 'restart']), {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      });
      await until('10 verdicts', () => sub.on('verdict').length >= 10);
      await broker.stop();
      const before = out.length;
      await until('the referee to go on without the broker', () => out.length > before + 3);
      await broker.start();
      expect(await run, err.join('\n')).toBe(0);
      await until('the game-over verdict', () => sub.on('verdict').some((m) => m.payload.includes('"game-over"')));
      sub.stop();
      const messages = sub.on('verdict');
      const got = seqs(messages);
      // QoS 1 is at least once (docs/mqtt.md): the verdict in flight as the broker stopped may
      // come twice, right after itself and the same payload; none is lost, none out of order.
      const repeats = got.flatMap((seq, i) => (i > 0 && seq === got[i - 1] ? [i] : []));
      expect(repeats.length).toBeLessThanOrEqual(1);
      for (const i of repeats) expect(messages[i]!.payload).toBe(messages[i - 1]!.payload);
      expect(got.filter((_, i) => !repeats.includes(i))).toEqual(out.map((_, i) => i + 1));
      expect(err.join('\n')).not.toMatch(/dropped/);
    },
  );

  it('is offline by its last will when killed with kill -9', async () => {
    const sub = await new Sub(broker.port, VIEWER, 'senryaku/killed/#').start();
    const env = { ...process.env, SENRYAKU_MQTT_LISTEN: 'off' };
    const child = spawn(process.execPath, ['bin/senryaku.js', ...refereeArgs(broker.port, ['--speed', '1', '--board-name', 'killed'])], {
      stdio: 'ignore',
      env,
    });
    try {
      await until('online', () => sub.on('availability').some((m) => m.payload === 'online'));
      await until('a verdict', () => sub.on('verdict').length > 0);
    } finally {
      child.kill('SIGKILL');
    }
    await until('offline from the last will', () => sub.on('availability').at(-1)?.payload === 'offline');
    sub.stop();
    // A new subscriber finds it offline too (retained).
    const late = await new Sub(broker.port, VIEWER, 'senryaku/killed/availability').start();
    await until('the retained availability', () => late.messages.length > 0);
    late.stop();
    expect(late.messages[0]!.payload).toBe('offline');
  }, 180_000);

  it(
    'drops the oldest verdicts beyond its bound while the broker is away, says so, and sends the rest in order',
    { timeout: 180_000 },
    async () => {
      const sub = await new Sub(broker.port, [...VIEWER, '-c', '-i', `bound-${broker.port}`, '-q', '1'], 'senryaku/bound/#').start();
      let emit: (v: VerdictPayload) => void = () => {};
      const notices: string[] = [];
      const session: TelemetrySession = {
        matchId: 'm-bound',
        ruleset: 'senryaku',
        match: TEST_MATCH('m-bound'),
        listen: (h) => {
          emit = (v) => h.verdict(v);
          return () => {};
        },
        snapshot: () => undefined,
      };
      const publisher = new MqttPublisher({
        notice: (_level, message) => notices.push(message),
        url: `mqtt://127.0.0.1:${broker.port}`,
        username: 'referee',
        password: USERS.referee,
        base: 'senryaku',
        board: 'bound',
        queueLimit: 5,
        reconnectPeriodMs: 200,
      });
      await publisher.start();
      publisher.attach(session);
      await until('online', () => sub.on('availability').some((m) => m.payload === 'online'));
      await broker.stop();
      // The verdicts are made once the publisher has seen the broker go: its reconnection is
      // refused. Made before, the first could still go out on the dying connection and be
      // delivered later, which is not what the bound is about.
      await until('the publisher to find the broker away', () => notices.some((n) => /ECONNREFUSED/.test(n)));
      for (let seq = 1; seq <= 12; seq++) emit({ matchId: 'm-bound', seq, verdict: { type: 'notice', message: `v${seq}`, atMs: seq } });
      expect(publisher.droppedVerdicts).toBe(7);
      await broker.start();
      await until('the queued verdicts', () => sub.on('verdict').length >= 5);
      await publisher.stop();
      sub.stop();
      expect(seqs(sub.on('verdict'))).toEqual([8, 9, 10, 11, 12]);
      expect(notices.join('\n')).toMatch(/7 verdicts were dropped/);
    },
  );
});
