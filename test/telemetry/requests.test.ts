// Requests through the embedded broker: only an authenticated operator may publish one; a
// viewer, an anonymous client or a wrong password is refused and nothing happens; the answer
// carries the request's transaction. Nobody but the referee's own publisher may publish the
// board's topics. Passwords are kept as scrypt hashes. A request beyond the payload bound is
// refused by the broker (never delivered, never retained), and by the referee when another
// broker lets it through.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../src/telemetry/broker.ts';
import { hashPassword, verifyPassword } from '../../src/platform/password.ts';
import { MqttPublisher, type RequestHandler, type TelemetrySession } from '../../src/telemetry/publisher.ts';
import type { RequestName, StatePayload, VerdictPayload } from '../../src/telemetry/topics.ts';
import { err, ok, type Result } from '../../src/util/result.ts';
import { skipWithout } from '../system-tools.ts';
import { expectValidPayloads, sleep, Sub, TEST_MATCH, until } from './mqtt-tools.ts';

describe('passwords', () => {
  it('are checked against their scrypt hash, never stored as given', async () => {
    const stored = await hashPassword('s3cret', { N: 1024, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('s3cret');
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('s3cret!', stored)).toBe(false);
    expect(await verifyPassword('s3cret', 'plain')).toBe(false);
    expect(await verifyPassword('s3cret', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
  });
});

const STATE: StatePayload = {
  ruleset: 'surakarta',
  phase: 'play',
  game: 1,
  position: 'x',
  turn: 'light',
  players: { light: 'A', dark: 'B' },
  score: { points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, trackLength: 2 },
  fouls: { light: 0, dark: 0 },
  hints: { A: 0, B: 0 },
  sensors: { blind: [], faults: [] },
  link: { state: 'ready' },
  journal: { state: 'main', path: '/var/senryaku/match.jsonl.gz' },
};

/** A session standing in for the referee app, with the operator's seam: `end_game_by_agreement` ends its game once. */
function fakeSession(): TelemetrySession & {
  actions: string[];
  emit?: (v: VerdictPayload) => void;
  /** The journal written changes (a fallback, a pause). */
  journal?: (j: StatePayload['journal']) => void;
  requests: RequestHandler;
} {
  let state = STATE;
  const session = {
    actions: [] as string[],
    emit: undefined as ((v: VerdictPayload) => void) | undefined,
    journal: undefined as ((j: StatePayload['journal']) => void) | undefined,
    matchId: 'm1',
    match: TEST_MATCH('m1'),
    ruleset: 'surakarta',
    listen(h: { verdict(v: VerdictPayload): void; journal(j: StatePayload['journal']): void }) {
      session.emit = (v) => h.verdict(v);
      session.journal = (j) => {
        state = { ...state, journal: j };
        h.journal(j);
      };
      return () => (session.emit = undefined);
    },
    snapshot: () => state,
    requests: async (
      name: RequestName,
      body: Readonly<Record<string, unknown>>,
    ): Promise<Result<Readonly<Record<string, unknown>>, string>> => {
      session.actions.push(name);
      if (name === 'fetch_verdicts') return ok({ asked: body });
      if (name === 'new_match') return err(`new_match refused: players ${JSON.stringify(body.players)}`);
      if (name !== 'end_game_by_agreement' || state.phase === 'game-over') return err(`${name} changes nothing now`);
      state = { ...state, phase: 'game-over', winner: 'A' };
      return ok({ game: 1, phase: 'game-over', winner: 'A' });
    },
  };
  return session;
}

/** mosquitto_pub, run beside the broker in this process: its exit code. A message of more than 100 KiB goes by a file (`-f`), `-r` retains it. */
const pub = (port: number, topic: string, message: string, user?: [string, string], retain = false): Promise<number | null> =>
  new Promise((resolve) => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-pub-')), 'message');
    if (message.length > 100 * 1024) writeFileSync(file, message);
    const body = message.length > 100 * 1024 ? ['-f', file] : ['-m', message];
    const args = ['-V', 'mqttv311', '-h', '127.0.0.1', '-p', String(port), '-q', '1', '-t', topic, ...body, ...(retain ? ['-r'] : [])];
    const child = spawn('mosquitto_pub', [...args, ...(user ? ['-u', user[0], '-P', user[1]] : [])], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(), 30_000); // a hang bound: connecting takes seconds on a busy machine
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

describe.skipIf(skipWithout('mosquitto_pub', 'mosquitto-clients', ['--help']))('requests on the embedded broker', () => {
  let broker: EmbeddedBroker;
  let publisher: MqttPublisher;
  const session = fakeSession();
  let sub: Sub;

  beforeAll(async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    broker = await startEmbeddedBroker({
      host: '127.0.0.1',
      port: 0,
      base: 'senryaku',
      users: [
        { name: 'olga', role: 'operator', scrypt: await hashPassword('op-pass', cost) },
        { name: 'vic', role: 'viewer', scrypt: await hashPassword('vw-pass', cost) },
        { name: 'hubert', role: 'hub', scrypt: await hashPassword('hub-pass', cost) },
      ],
    });
    sub = await new Sub(broker.port).start();
    publisher = new MqttPublisher({
      url: broker.url,
      ...broker.internal,
      base: 'senryaku',
      board: 'b1',
      requests: session.requests,
      notice: () => {},
    });
    await publisher.start();
    publisher.attach(session);
    await until('the board online', () => sub.on('availability').some((m) => m.payload === 'online'));
  });

  afterAll(async () => {
    await publisher.stop();
    sub.stop();
    await broker.close();
  });

  it('refuses a request from a viewer, an anonymous client and a wrong password; takes it from an operator', async () => {
    const topic = 'senryaku/bridge/request/end_game_by_agreement';
    await pub(broker.port, topic, '{"transaction":"viewer"}', ['vic', 'vw-pass']);
    await pub(broker.port, topic, '{"transaction":"anonymous"}');
    const wrong = await pub(broker.port, topic, '{"transaction":"wrong"}', ['olga', 'nope']);
    expect(wrong).not.toBe(0);
    await sleep(300);
    expect(session.actions).toEqual([]);
    expect(sub.messages.filter((m) => m.topic.startsWith('senryaku/bridge/re'))).toEqual([]);

    expect(await pub(broker.port, topic, '{"transaction":"t-1"}', ['olga', 'op-pass'])).toBe(0);
    await until('the answer', () => sub.on('bridge/response/end_game_by_agreement').length > 0);
    expect(session.actions).toEqual(['end_game_by_agreement']);
    const [answer] = sub.on('bridge/response/end_game_by_agreement');
    expect(JSON.parse(answer!.payload)).toEqual({ status: 'ok', transaction: 't-1', data: { game: 1, phase: 'game-over', winner: 'A' } });
    expectValidPayloads(sub.messages);
  });

  it("answers with the seam's refusal and its transaction, and bad requests too", async () => {
    const op: [string, string] = ['olga', 'op-pass'];
    await pub(broker.port, 'senryaku/bridge/request/new_match', '{"transaction":7,"players":["A","B"]}', op);
    await pub(broker.port, 'senryaku/bridge/request/start_calibration', 'not json', op);
    await pub(broker.port, 'senryaku/bridge/request/end_game_by_agreement', '{"transaction":"again"}', op);
    await until('three answers', () => sub.messages.filter((m) => m.topic.startsWith('senryaku/bridge/response/')).length >= 4);
    expect(JSON.parse(sub.on('bridge/response/new_match')[0]!.payload)).toEqual({
      status: 'error',
      transaction: 7,
      error: 'new_match refused: players ["A","B"]',
    });
    expect(JSON.parse(sub.on('bridge/response/start_calibration')[0]!.payload).status).toBe('error');
    // The game is over already: agreeing again changes nothing, and the answer says so.
    const again = JSON.parse(sub.on('bridge/response/end_game_by_agreement').at(-1)!.payload);
    expect(again).toMatchObject({ status: 'error', transaction: 'again' });
    // What the referee published (the test's own bad request is not JSON on purpose).
    expectValidPayloads(sub.messages.filter((m) => !m.topic.includes('/request/')));
  });

  it('takes fetch_verdicts from a hub user, for its own board only; no other request from it', async () => {
    const hubUser: [string, string] = ['hubert', 'hub-pass'];
    const before = session.actions.length;
    await pub(broker.port, 'senryaku/bridge/request/end_game_by_agreement', '{"transaction":"hub-end"}', hubUser);
    await pub(
      broker.port,
      'senryaku/bridge/request/fetch_verdicts',
      '{"transaction":"other","board":"b2","matchId":"m9","from":1}',
      hubUser,
    );
    await pub(broker.port, 'senryaku/bridge/request/fetch_verdicts', '{"transaction":"f1","board":"b1","matchId":"m1","from":2}', hubUser);
    await until('the answer', () => sub.on('bridge/response/fetch_verdicts').length > 0);
    await sleep(200);
    // Another board's fetch is not this referee's to answer; the hub may not end a game.
    expect(session.actions.slice(before)).toEqual(['fetch_verdicts']);
    expect(sub.on('bridge/response/fetch_verdicts').map((m) => JSON.parse(m.payload))).toEqual([
      { status: 'ok', transaction: 'f1', data: { asked: { matchId: 'm1', from: 2 } } },
    ]);
    expect(sub.messages.some((m) => m.payload.includes('hub-end'))).toBe(false);
    const bridge = sub.on('bridge/state').at(-1);
    expect(JSON.parse(bridge!.payload).requests).toContain('fetch_verdicts');
  });

  it('says in the state which journal keeps the match when it changes; a verdict said again after a restart goes out marked', async () => {
    session.journal!({ state: 'fallback', path: '/var/lib/senryaku/fallback/match.fallback-1-1.gz' });
    await until('the state with the fallback', () => sub.on('state').some((m) => m.payload.includes('"fallback"')));
    expect(JSON.parse(sub.on('state').at(-1)!.payload).journal).toEqual({
      state: 'fallback',
      path: '/var/lib/senryaku/fallback/match.fallback-1-1.gz',
    });
    session.emit!({ matchId: 'm1', seq: 9, verdict: { type: 'notice', message: 'again', atMs: 9 }, repeated: true });
    await until('the repeat', () => sub.on('verdict').some((m) => m.payload.includes('"repeated":true')));
    expectValidPayloads(sub.messages.filter((m) => !m.topic.includes('/request/')));
  });

  it("lets nobody but the referee publish the board's topics", async () => {
    await pub(broker.port, 'senryaku/b1/state', '{"forged":true}');
    await pub(broker.port, 'senryaku/b1/verdict', '{"forged":true}', ['olga', 'op-pass']);
    await pub(broker.port, 'senryaku/b1/availability', 'offline', ['vic', 'vw-pass']);
    session.emit!({ matchId: 'm1', seq: 1, verdict: { type: 'notice', message: 'real', atMs: 1 } });
    await until('the real verdict', () => sub.on('verdict').length > 0);
    await sleep(200);
    expect(sub.messages.filter((m) => m.payload.includes('forged'))).toEqual([]);
    expect(sub.on('availability').map((m) => m.payload)).toEqual(['online']);
  });

  it("refuses an operator's request beyond 16 KiB (a 1 MB player name): not delivered, not answered, not retained", async () => {
    const op: [string, string] = ['olga', 'op-pass'];
    const big = JSON.stringify({ transaction: 'big', players: { A: 'x'.repeat(1 << 20), B: 'Bo' }, force: true });
    await pub(broker.port, 'senryaku/bridge/request/new_match', big, op, true);
    // A small retained request after it: once it is answered and retained, the big one would have been too.
    await pub(broker.port, 'senryaku/bridge/request/new_match', '{"transaction":"small","players":{"A":"Al"}}', op, true);
    await until('the small one answered', () =>
      sub.on('bridge/response/new_match').some((m) => (JSON.parse(m.payload) as { transaction?: string }).transaction === 'small'),
    );
    expect(session.actions.filter((a) => a === 'new_match')).toHaveLength(2); // the small one, and the earlier test's
    expect(sub.messages.filter((m) => m.payload.includes('"big"') || m.payload.length > 16 * 1024)).toEqual([]);
    const late = await new Sub(broker.port, [], 'senryaku/bridge/request/#').start();
    try {
      await until('the small request retained', () => late.messages.some((m) => m.payload.includes('"small"')));
      expect(late.messages.filter((m) => m.payload.length > 16 * 1024)).toEqual([]);
    } finally {
      late.stop();
    }
  });
});

describe.skipIf(skipWithout('mosquitto_pub', 'mosquitto-clients', ['--help']))('requests through a broker that takes any size', () => {
  it('answers a request beyond 16 KiB with TooLarge, unread, and never carries it out', async () => {
    // A bare aedes: no users, no bounds (as a broker of another's may be).
    const aedes = await Aedes.createBroker();
    const server = createServer(aedes.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const session = fakeSession();
    const publisher = new MqttPublisher({
      url: `mqtt://127.0.0.1:${port}`,
      base: 'senryaku',
      board: 'b1',
      requests: session.requests,
      notice: () => {},
    });
    const sub = await new Sub(port).start();
    try {
      await publisher.start();
      publisher.attach(session);
      await until('the board online', () => sub.on('availability').some((m) => m.payload === 'online'));
      const big = JSON.stringify({ transaction: 'big', players: { A: 'x'.repeat(1 << 20) } });
      await pub(port, 'senryaku/bridge/request/new_match', big);
      await until('the answer', () => sub.on('bridge/response/new_match').length > 0);
      expect(JSON.parse(sub.on('bridge/response/new_match')[0]!.payload)).toEqual({
        status: 'error',
        error: `new_match: the request is ${big.length} bytes, at most 16384 (TooLarge)`,
        code: 'TooLarge',
        field: 'request',
        max: 16384,
      });
      expect(session.actions).toEqual([]);
      expectValidPayloads(sub.messages.filter((m) => !m.topic.includes('/request/')));
    } finally {
      await publisher.stop();
      sub.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    }
  });
});
