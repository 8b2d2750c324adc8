/**
 * The MQTT publisher of one refereed session: verdicts (QoS 1, in order, through one
 * bounded queue), the retained match state and availability (with `offline` as the last
 * will), the bridge state, and the requests of `<base>/bridge/request/<name>`. The referee
 * never waits on it: start() connects in the background, every publish is queued or fired
 * and forgotten, and stop() waits a bounded time for what is queued.
 */
import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { OperatorAction } from '../referee/inputs.ts';
import type { RulesetId } from '../rulesets/ruleset.ts';
import {
  REQUEST_NAMES,
  topicsFor,
  type AvailabilityPayload,
  type BridgeStatePayload,
  type LinkHealth,
  type RequestName,
  type ResponsePayload,
  type MatchPayload,
  type StatePayload,
  type Topics,
  type VerdictPayload,
} from './topics.ts';
import { VerdictQueue } from './verdict-queue.ts';

/** What the publisher needs of a session (the app adapts its SessionContext to this). */
export interface TelemetrySession {
  readonly matchId: string;
  readonly ruleset: RulesetId;
  /** The match as a store files it: published retained, so a hub files the verdicts with it. */
  readonly match: MatchPayload;
  /** Calls back on every verdict (with its match id and number) and link change, until the returned function is called. */
  listen(handlers: { verdict(v: VerdictPayload): void; link(l: LinkHealth): void }): () => void;
  notice(level: 'info' | 'warn' | 'error', message: string): void;
  snapshot(): StatePayload | undefined;
  operate(action: OperatorAction): void;
}

export interface MqttPublisherOptions {
  /** mqtt://host:port or mqtts://host:port. */
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** A CA certificate (PEM) to trust for mqtts. */
  readonly ca?: string | Buffer;
  readonly base: string;
  readonly board: string;
  /** Verdicts held while the broker is out of reach; the oldest beyond it are dropped (counted, said). Default 10 000. */
  readonly queueLimit?: number;
  /** Default 1000 ms. */
  readonly reconnectPeriodMs?: number;
  /** How long stop() waits for queued verdicts to go out. Default 3000 ms. */
  readonly drainTimeoutMs?: number;
}

const REQUESTS_AVAILABLE: readonly RequestName[] = ['end_game_by_agreement'];

export class MqttPublisher {
  readonly name = 'mqtt';
  private client: MqttClient | undefined;
  private unlisten: (() => void) | undefined;
  private readonly queue: VerdictQueue;
  private readonly topics: Topics;
  private droppedSinceSaid = 0;
  private lastError = '';
  private drained: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly session: TelemetrySession,
    private readonly options: MqttPublisherOptions,
  ) {
    this.queue = new VerdictQueue(options.queueLimit ?? 10_000);
    this.topics = topicsFor(options.base, options.board);
  }

  /** Verdicts dropped so far because the broker was out of reach too long. */
  get droppedVerdicts(): number {
    return this.queue.dropped;
  }

  async start(): Promise<void> {
    const o = this.options;
    const t = this.topics;
    const clientOptions: IClientOptions = {
      protocolVersion: 4,
      clean: true,
      clientId: `senryaku-${o.board}-${randomBytes(4).toString('hex')}`,
      reconnectPeriod: o.reconnectPeriodMs ?? 1000,
      connectTimeout: 5000,
      queueQoSZero: false,
      will: { topic: t.availability, payload: Buffer.from('offline' satisfies AvailabilityPayload), qos: 1, retain: true },
      ...(o.username !== undefined ? { username: o.username } : {}),
      ...(o.password !== undefined ? { password: o.password } : {}),
      ...(o.ca !== undefined ? { ca: o.ca } : {}),
    };
    const client = connect(o.url, clientOptions);
    this.client = client;
    client.on('connect', () => this.onConnect());
    client.on('error', (e) => this.onError(e));
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.unlisten = this.session.listen({
      verdict: (v) => this.onVerdict(v),
      link: () => this.publishState(),
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unlisten?.();
    const client = this.client;
    if (!client) return;
    if (client.connected) {
      await this.waitDrained(this.options.drainTimeoutMs ?? 3000);
      this.publishBridge('offline');
      client.publish(this.topics.availability, 'offline' satisfies AvailabilityPayload, { qos: 1, retain: true });
      await Promise.race([client.endAsync(false), delay(2000)]);
    }
    await client.endAsync(true);
    if (this.queue.length > 0)
      this.session.notice('warn', `MQTT: ${this.queue.length} verdicts were not published before the end (the broker is out of reach)`);
  }

  private onConnect(): void {
    const client = this.client!;
    this.lastError = '';
    client.subscribe(this.topics.requests, { qos: 1 });
    client.publish(this.topics.availability, 'online' satisfies AvailabilityPayload, { qos: 1, retain: true });
    // Before any verdict of the session (one connection keeps the order): a hub knows the match first.
    client.publish(this.topics.match, JSON.stringify(this.session.match), { qos: 1, retain: true });
    this.publishBridge('online');
    this.publishState();
    if (this.droppedSinceSaid > 0) {
      this.session.notice('warn', `MQTT: ${this.droppedSinceSaid} verdicts were dropped while the broker was out of reach`);
      this.droppedSinceSaid = 0;
    }
    this.pump();
  }

  private onError(e: Error): void {
    // mqtt.js retries by itself; a failure is said once until it connects again.
    if (e.message === this.lastError) return;
    this.lastError = e.message;
    this.session.notice('warn', `MQTT (${this.options.url}): ${e.message}`);
  }

  private onVerdict(v: VerdictPayload): void {
    const dropped = this.queue.push(v);
    if (dropped > 0) {
      if (this.droppedSinceSaid === 0)
        this.session.notice('warn', `MQTT: the broker is out of reach and ${this.queue.limit} verdicts are queued: the oldest are dropped`);
      this.droppedSinceSaid += dropped;
    }
    this.pump();
    this.publishState();
  }

  /** Hands mqtt.js the next verdict once the one before it is acknowledged, and only while connected. */
  private pump(): void {
    const client = this.client;
    if (!client?.connected || this.queue.busy) return;
    const next = this.queue.take();
    if (!next) {
      this.drained?.();
      return;
    }
    client.publish(this.topics.verdict, JSON.stringify(next), { qos: 1 }, (e) => {
      if (e) this.queue.failed();
      else this.queue.acked();
      if (!e) this.pump();
    });
  }

  private waitDrained(timeoutMs: number): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return Promise.race([new Promise<void>((resolve) => (this.drained = resolve)), delay(timeoutMs)]);
  }

  private publishState(): void {
    const snapshot = this.session.snapshot();
    if (!snapshot || !this.client?.connected) return; // sent afresh on (re)connect
    this.client.publish(this.topics.state, JSON.stringify(snapshot), { qos: 1, retain: true });
  }

  private publishBridge(state: BridgeStatePayload['state']): void {
    const payload: BridgeStatePayload = {
      state,
      board: this.options.board,
      matchId: this.session.matchId,
      ruleset: this.session.ruleset,
      requests: REQUESTS_AVAILABLE,
      droppedVerdicts: this.queue.dropped,
    };
    this.client?.publish(this.topics.bridgeState, JSON.stringify(payload), { qos: 1, retain: true });
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (!topic.startsWith(this.topics.requestPrefix)) return;
    const name = topic.slice(this.topics.requestPrefix.length);
    let request: unknown;
    try {
      request = JSON.parse(payload.toString('utf8'));
    } catch {
      request = undefined;
    }
    const transaction = typeof request === 'object' && request !== null && 'transaction' in request ? request.transaction : undefined;
    const tx = typeof transaction === 'string' || typeof transaction === 'number' ? { transaction } : {};
    const answer = (r: ResponsePayload): void => {
      this.client?.publish(this.topics.response(name), JSON.stringify(r), { qos: 1 });
    };
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      return answer({ status: 'error', ...tx, error: 'the request must be a JSON object' });
    if (!(REQUEST_NAMES as readonly string[]).includes(name)) return answer({ status: 'error', ...tx, error: `unknown request '${name}'` });
    if (name !== 'end_game_by_agreement') return answer({ status: 'error', ...tx, error: `${name} is not available in this session` });
    answer(this.endByAgreement(tx));
  }

  private endByAgreement(tx: { transaction?: string | number }): ResponsePayload {
    const before = this.session.snapshot();
    this.session.operate({ kind: 'agree' });
    const after = this.session.snapshot();
    const ended = (p: string | undefined): boolean => p === 'game-over' || p === 'match-over';
    if (!before || !after || ended(before.phase) || !ended(after.phase))
      return {
        status: 'error',
        ...tx,
        error: `the game cannot end by agreement now (${this.session.ruleset}, ${before?.phase ?? 'no game'})`,
      };
    return { status: 'ok', ...tx, data: { game: after.game, phase: after.phase, ...(after.winner ? { winner: after.winner } : {}) } };
  }
}

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref();
  });

/** The publisher as a service factory of the session. */
export const mqttService =
  (options: MqttPublisherOptions) =>
  (session: TelemetrySession): MqttPublisher =>
    new MqttPublisher(session, options);
