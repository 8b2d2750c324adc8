import type { MatchPayload } from '../../src/telemetry/topics.ts';
/**
 * Real MQTT clients and brokers for the telemetry tests: `mosquitto_sub` children whose
 * lines are collected, a Mosquitto broker on a free port with a password file and an ACL,
 * and a free port finder (never 1883).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { payloadKindOf, payloadProblems } from '../support/mqtt-schemas.ts';
import { hashPassword } from '../../src/settings/index.ts';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export { sleep, until } from '../wait.ts';
import { sleep, until } from '../wait.ts';

export interface Message {
  readonly topic: string;
  readonly payload: string;
}

/** A mosquitto_sub child (MQTT 3.1.1, -v -d): its messages, and whether it holds its subscription. */
export class Sub {
  readonly messages: Message[] = [];
  subscribed = false;
  exited = false;
  private child: ChildProcess | undefined;
  private buffer = '';

  constructor(
    private readonly port: number,
    private readonly extra: readonly string[] = [],
    private readonly topic = 'senryaku/#',
  ) {}

  /** Starts it, again and again until the broker takes it (a broker that is not up yet refuses); the guard is for a busy machine. */
  async start(timeoutMs = 45_000): Promise<this> {
    const end = Date.now() + timeoutMs;
    while (!this.subscribed) {
      this.spawn();
      await until('mosquitto_sub to subscribe or exit', () => this.subscribed || this.exited, timeoutMs);
      if (!this.subscribed) {
        if (Date.now() > end) throw new Error('mosquitto_sub never connected');
        await sleep(20);
      }
    }
    return this;
  }

  private spawn(): void {
    this.exited = false;
    // Line-buffered: into a pipe mosquitto_sub writes in blocks, and its SUBACK would wait for more output.
    const child = spawn(
      'stdbuf',
      ['-oL', 'mosquitto_sub', '-V', 'mqttv311', '-h', '127.0.0.1', '-p', String(this.port), '-t', this.topic, '-v', '-d', ...this.extra],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      this.buffer += chunk;
      const lines = this.buffer.split('\n');
      this.buffer = lines.pop()!;
      for (const line of lines) this.line(line);
    });
    child.on('exit', () => (this.exited = true));
  }

  private line(line: string): void {
    if (line.startsWith('Client ')) {
      if (line.includes('received SUBACK')) this.subscribed = true;
      return;
    }
    if (line.startsWith('Subscribed (mid')) return;
    const space = line.indexOf(' ');
    if (space > 0) this.messages.push({ topic: line.slice(0, space), payload: line.slice(space + 1) });
  }

  /** The messages of the board's topic `level` (state, verdict, availability), or of `bridge/<level>`. */
  on(level: string): Message[] {
    return this.messages.filter((m) => {
      const parts = m.topic.split('/');
      if (level.startsWith('bridge/')) return parts.slice(1).join('/') === level;
      return parts.length === 3 && parts[1] !== 'bridge' && parts[2] === level;
    });
  }

  stop(): void {
    this.child?.kill('SIGTERM');
  }
}

/** Every message holds to its topic's schema. */
export function expectValidPayloads(messages: readonly Message[]): void {
  for (const m of messages) {
    const kind = payloadKindOf(m.topic, 'senryaku');
    expect(kind, m.topic).toBeDefined();
    expect(payloadProblems(kind!, m.payload), `${m.topic} ${m.payload}`).toEqual([]);
  }
}

export interface MosquittoUsers {
  readonly [name: string]: string;
}

/** A Mosquitto broker on a free port: no anonymous clients, users from a password file, the ACL of docs/mqtt.md. */
export class Mosquitto {
  private child: ChildProcess | undefined;
  readonly dir = mkdtempSync(join(tmpdir(), 'senryaku-mosquitto-'));
  log = '';

  constructor(
    readonly port: number,
    readonly users: MosquittoUsers,
    readonly acl: string,
  ) {
    const passwd = join(this.dir, 'passwd');
    writeFileSync(passwd, '');
    for (const [name, password] of Object.entries(users)) {
      const r = spawnSync('mosquitto_passwd', ['-b', passwd, name, password]);
      if (r.status !== 0) throw new Error(`mosquitto_passwd: ${r.stderr.toString()}`);
    }
    writeFileSync(join(this.dir, 'acl'), acl);
    writeFileSync(
      join(this.dir, 'mosquitto.conf'),
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${passwd}`,
        `acl_file ${join(this.dir, 'acl')}`,
        'persistence true',
        `persistence_location ${this.dir}/`,
        // Started as root (CI containers), it would switch to the mosquitto user and lose the test's files.
        'user root',
        '',
      ].join('\n'),
    );
  }

  async start(): Promise<void> {
    const child = spawn(MOSQUITTO, ['-c', join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr.setEncoding('utf8').on('data', (c: string) => (this.log += c));
    child.stdout.setEncoding('utf8').on('data', (c: string) => (this.log += c));
    await until('mosquitto to listen', () => this.log.includes(' running'), 30_000);
  }

  /** Deletes what it saved (the subscribers' sessions, the retained messages): the next start knows nobody. Call when stopped. */
  forget(): void {
    rmSync(join(this.dir, 'mosquitto.db'), { force: true });
  }

  /** SIGTERM: it saves its persistence (the subscribers' sessions and their queued messages) and exits. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }
}

/** The ACL of docs/mqtt.md, for the base `senryaku`. */
export const aclFor = (referee: string, operators: readonly string[], hubs: readonly string[] = []): string =>
  [
    '# Everyone who may connect reads everything under the base.',
    'pattern read senryaku/#',
    '# The referee publishes the board topics and the bridge state, and reads the requests.',
    `user ${referee}`,
    'topic write senryaku/#',
    '# Operators send requests.',
    ...operators.flatMap((name) => [`user ${name}`, 'topic write senryaku/bridge/request/#']),
    '# A hub asks for the verdicts it missed.',
    ...hubs.flatMap((name) => [`user ${name}`, 'topic write senryaku/bridge/request/fetch_verdicts']),
    '',
  ].join('\n');

/** A verdict message's seq, parsed. */
export const seqs = (messages: readonly Message[]): number[] => messages.map((m) => (JSON.parse(m.payload) as { seq: number }).seq);

/** A match description for a telemetry session built by hand. */
export const TEST_MATCH = (matchId: string): MatchPayload => ({
  matchId,
  ruleset: 'senryaku',
  event: 'Senryaku match',
  startedAt: '2026-11-30T00:00:00.000Z',
  players: { A: 'A', B: 'B' },
  board: { key: 'TEST', site: 'test' },
  settings: {},
});

/**
 * A settings file for a simulated referee in `dir` (its store, journals and calibrations there
 * too) with the embedded broker on `port` and these MQTT users (name, role, password): its path.
 */
export async function simSettingsFile(
  dir: string,
  port: number,
  lines: readonly string[],
  users: readonly { name: string; role: 'operator' | 'hub' | 'viewer'; password: string }[],
): Promise<string> {
  const quick = { N: 1024, r: 8, p: 1 }; // scrypt cheap enough for a test
  const config = join(dir, 'settings.yaml');
  const userLines = await Promise.all(
    users.map(async (u) => `    - { name: ${u.name}, role: ${u.role}, scrypt: '${await hashPassword(u.password, quick)}' }`),
  );
  writeFileSync(
    config,
    [
      ...lines,
      'scoreboard: none',
      `store: { path: ${join(dir, 'm.db')} }`,
      `journal: { dir: ${join(dir, 'journal')} }`,
      `calibration: { dir: ${join(dir, 'cal')} }`,
      'mqtt:',
      `  listen: 127.0.0.1:${port}`,
      '  users:',
      ...userLines,
      '',
    ].join('\n'),
  );
  return config;
}

/** A request published with mosquitto_pub as `user` (QoS 1): its exit code (non-zero: refused at connect). */
export const publishRequest = (
  port: number,
  user: readonly [string, string] | undefined,
  name: string,
  body: object,
): Promise<number | null> =>
  new Promise((resolve) => {
    const args = ['-V', 'mqttv311', '-h', '127.0.0.1', '-p', String(port), '-q', '1', ...(user ? ['-u', user[0], '-P', user[1]] : [])];
    const child = spawn('mosquitto_pub', [...args, '-t', `senryaku/bridge/request/${name}`, '-m', JSON.stringify(body)], {
      stdio: 'ignore',
    });
    const timer = setTimeout(() => child.kill(), 30_000); // a hang bound: connecting takes seconds on a busy machine
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
