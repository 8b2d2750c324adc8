/**
 * The MQTT publisher of the referee process: one connection for every match it referees on
 * its board, one after another. It publishes the attached match's verdicts (QoS 1, in order,
 * through one bounded queue that outlives a match, so a verdict queued while the broker was
 * away goes out even after the next match began), the retained match and state, the
 * availability (with `offline` as the last will) and the bridge state, and hands the requests
 * of `<base>/bridge/request/<name>` to the operator's seam. The referee never waits on it:
 * start() connects in the background, every publish is queued or fired and forgotten, and
 * stop() waits a bounded time for what is queued.
 */
import { randomBytes } from 'node:crypto';
import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { Result } from '../util/result.ts';
import {
  MAX_REQUEST_BYTES,
  REQUEST_NAMES,
  topicsFor,
  type AvailabilityPayload,
  type BridgeStatePayload,
  type JournalHealth,
  type LinkHealth,
  type RequestName,
  type RequestRefusal,
  type ResponsePayload,
  type MatchPayload,
  type StatePayload,
  type Topics,
  type VerdictPayload,
} from './topics.ts';
import { VerdictQueue } from './verdict-queue.ts';

/** What the publisher needs of the match being refereed (the app adapts its SessionContext to this). */
export interface TelemetrySession {
  readonly matchId: string;
  /** The game's id (any registry's). */
  readonly ruleset: string;
  /** The match as a store files it: published retained, so a hub files the verdicts with it. */
  readonly match: MatchPayload;
  /** Calls back on every verdict (with its match id and number), link change and change of journal, until the returned function is called. */
  listen(handlers: { verdict(v: VerdictPayload): void; link(l: LinkHealth): void; journal(j: JournalHealth): void }): () => void;
  snapshot(): StatePayload | undefined;
}

/** Carries out a request (the body is its JSON object): what it did, or why it did nothing (with a code, for a size bound). */
export type RequestHandler = (
  name: RequestName,
  body: Readonly<Record<string, unknown>>,
) => Promise<Result<Readonly<Record<string, unknown>>, RequestRefusal>>;

/** Where the publisher says its troubles (the referee's terminal and journal notices). */
export type NoticeSink = (level: 'info' | 'warn' | 'error', message: string) => void;

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
  /** Who carries out requests; without one every request is answered that this referee takes none. */
  readonly requests?: RequestHandler;
  readonly notice: NoticeSink;
}

export class MqttPublisher {
  readonly name = 'mqtt';
  private client: MqttClient | undefined;
  /** The match being refereed, or the last one (its state stays retained while none is). */
  private session: TelemetrySession | undefined;
  private unlisten: (() => void) | undefined;
  private readonly queue: VerdictQueue;
  private readonly topics: Topics;
  private droppedSinceSaid = 0;
  private lastError = '';
  private drained: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly options: MqttPublisherOptions) {
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
    client.on('message', (topic, payload) => void this.onMessage(topic, payload));
  }

  /** A match began: its match record and state go out at once (before any of its verdicts), then its verdicts. */
  attach(session: TelemetrySession): void {
    this.unlisten?.();
    this.session = session;
    this.unlisten = session.listen({
      verdict: (v) => this.onVerdict(v),
      link: () => this.publishState(),
      journal: () => this.publishState(),
    });
    if (!this.client?.connected) return; // all sent on (re)connect
    this.publishMatch();
    this.publishBridge('online');
    this.publishState();
  }

  /** The match stopped: its verdicts already heard still go out; its state stays retained. */
  detach(): void {
    this.unlisten?.();
    this.unlisten = undefined;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.detach();
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
      this.options.notice('warn', `MQTT: ${this.queue.length} verdicts were not published before the end (the broker is out of reach)`);
  }

  private onConnect(): void {
    const client = this.client!;
    this.lastError = '';
    client.subscribe(this.topics.requests, { qos: 1 });
    client.publish(this.topics.availability, 'online' satisfies AvailabilityPayload, { qos: 1, retain: true });
    // Before any verdict of the session (one connection keeps the order): a hub knows the match first.
    this.publishMatch();
    this.publishBridge('online');
    this.publishState();
    if (this.droppedSinceSaid > 0) {
      this.options.notice('warn', `MQTT: ${this.droppedSinceSaid} verdicts were dropped while the broker was out of reach`);
      this.droppedSinceSaid = 0;
    }
    this.pump();
  }

  private onError(e: Error): void {
    // mqtt.js retries by itself; a failure is said once until it connects again.
    if (e.message === this.lastError) return;
    this.lastError = e.message;
    this.options.notice('warn', `MQTT (${this.options.url}): ${e.message}`);
  }

  private onVerdict(v: VerdictPayload): void {
    const dropped = this.queue.push(v);
    if (dropped > 0) {
      if (this.droppedSinceSaid === 0)
        this.options.notice('warn', `MQTT: the broker is out of reach and ${this.queue.limit} verdicts are queued: the oldest are dropped`);
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

  private publishMatch(): void {
    if (!this.session || !this.client?.connected) return;
    this.client.publish(this.topics.match, JSON.stringify(this.session.match), { qos: 1, retain: true });
  }

  private publishState(): void {
    const snapshot = this.session?.snapshot();
    if (!snapshot || !this.client?.connected) return; // sent afresh on (re)connect
    this.client.publish(this.topics.state, JSON.stringify(snapshot), { qos: 1, retain: true });
  }

  private publishBridge(state: BridgeStatePayload['state']): void {
    const session = this.session;
    if (!session) return; // said once the first match is attached
    const payload: BridgeStatePayload = {
      state,
      board: this.options.board,
      matchId: session.matchId,
      ruleset: session.ruleset,
      requests: this.options.requests ? REQUEST_NAMES : [],
      droppedVerdicts: this.queue.dropped,
    };
    this.client?.publish(this.topics.bridgeState, JSON.stringify(payload), { qos: 1, retain: true });
  }

  private async onMessage(topic: string, payload: Buffer): Promise<void> {
    if (!topic.startsWith(this.topics.requestPrefix)) return;
    const name = topic.slice(this.topics.requestPrefix.length).slice(0, 64);
    const answer = (r: ResponsePayload): void => {
      this.client?.publish(this.topics.response(name), JSON.stringify(r), { qos: 1 });
    };
    // Beyond the bound (another broker let it through): refused unread, so its transaction is not echoed either.
    if (payload.length > MAX_REQUEST_BYTES)
      return answer({
        status: 'error',
        error: `${name}: the request is ${payload.length} bytes, at most ${MAX_REQUEST_BYTES} (TooLarge)`,
        code: 'TooLarge',
        field: 'request',
        max: MAX_REQUEST_BYTES,
      });
    let request: unknown;
    try {
      request = JSON.parse(payload.toString('utf8'));
    } catch {
      request = undefined;
    }
    const transaction = typeof request === 'object' && request !== null && 'transaction' in request ? request.transaction : undefined;
    const tx = typeof transaction === 'string' || typeof transaction === 'number' ? { transaction } : {};
    if (typeof request !== 'object' || request === null || Array.isArray(request))
      return answer({ status: 'error', ...tx, error: 'the request must be a JSON object' });
    if (!(REQUEST_NAMES as readonly string[]).includes(name)) return answer({ status: 'error', ...tx, error: `unknown request '${name}'` });
    const { transaction: _t, ...fields } = request as Record<string, unknown>;
    let body = fields;
    if (name === 'fetch_verdicts') {
      // Many boards share a base: a fetch names its board, and another board's is not for this one to answer.
      const { board, ...rest } = fields;
      if (board !== undefined && board !== this.options.board) return;
      body = rest;
    }
    const handler = this.options.requests;
    if (!handler) return answer({ status: 'error', ...tx, error: `this referee takes no requests` });
    let done: Awaited<ReturnType<RequestHandler>>;
    try {
      done = await handler(name as RequestName, body);
    } catch (e) {
      done = { ok: false, error: `${name} failed: ${(e as Error).message}` };
    }
    if (done.ok) return answer({ status: 'ok', ...tx, data: done.value });
    const refusal = done.error;
    answer(
      typeof refusal === 'string'
        ? { status: 'error', ...tx, error: refusal }
        : { status: 'error', ...tx, error: refusal.message, code: refusal.code, field: refusal.field, max: refusal.max },
    );
  }
}

const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    t.unref();
  });
