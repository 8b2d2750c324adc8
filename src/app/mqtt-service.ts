/**
 * MQTT as a service of the run: the publisher (src/telemetry/) connects when the service
 * starts and stays connected across the run's matches; while a match is attached it publishes
 * that match, read from the match's bus. Where it connects is the embedded broker of the run
 * (MqttBrokerService) or an external one (`--mqtt URL`).
 */
import { MqttPublisher, type MqttPublisherOptions, type RequestHandler, type TelemetrySession } from '../telemetry/publisher.ts';
import type { MatchContext } from './match-context.ts';
import { matchInfoOf } from './match-info.ts';
import type { Service, ServiceContext } from './service.ts';

/** Where `senryaku referee` publishes: nowhere, to a broker of its own, or to an external one. */
export type MqttPlan =
  | { readonly kind: 'off' }
  | { readonly kind: 'embedded'; readonly host: string; readonly port: number; readonly base: string; readonly board?: string }
  | {
      readonly kind: 'external';
      readonly url: string;
      readonly username?: string;
      readonly password?: string;
      readonly ca?: Buffer;
      readonly base: string;
      readonly board?: string;
    };

/** How the run's own publisher connects to the run's broker, once it listens. */
export interface BrokerConnection {
  readonly url: string;
  readonly username: string;
  readonly password: string;
}

/** What the publisher is told besides its plan. */
export interface MqttServiceParts {
  /** The run's embedded broker (the plan's `embedded`, MqttBrokerService): the publisher connects to it once it has started. */
  readonly broker?: { readonly connection: BrokerConnection | undefined };
  /** The board's id once it has said it (the default topic level names the board by it). */
  boardId(): number | undefined;
  /** Who carries out the requests of `<base>/bridge/request/<name>`. */
  readonly requests?: RequestHandler;
}

/** The board's topic level when --board-name does not say: from its id (once the board said it). */
export const defaultBoardName = (id: number | undefined): string =>
  id === undefined ? 'board' : `board-${id.toString(16).padStart(8, '0')}`;

export class MqttService implements Service {
  readonly name = 'mqtt';
  private publisher: MqttPublisher | undefined;

  constructor(
    private readonly context: ServiceContext<Exclude<MqttPlan, { kind: 'off' }>>,
    private readonly parts: MqttServiceParts,
  ) {}

  /** Connects in the background (the referee never waits on MQTT); nothing when the run's broker could not start. */
  async start(): Promise<void> {
    const connection = this.connection();
    if (!connection) return;
    this.publisher = new MqttPublisher({
      ...connection,
      notice: (level, message) => this.context.notice(level, message),
      ...(this.parts.requests ? { requests: this.parts.requests } : {}),
    });
    await this.publisher.start();
  }

  attach(match: MatchContext): void {
    this.publisher?.attach(published(match));
  }

  detach(): void {
    this.publisher?.detach();
  }

  async stop(): Promise<void> {
    await this.publisher?.stop();
    this.publisher = undefined;
  }

  private connection(): Omit<MqttPublisherOptions, 'requests' | 'notice'> | undefined {
    const plan = this.context.settings;
    const board = plan.board ?? defaultBoardName(this.parts.boardId());
    if (plan.kind === 'external') {
      const { kind: _kind, board: _board, ...options } = plan;
      return { ...options, board };
    }
    const broker = this.parts.broker?.connection;
    return broker && { ...broker, base: plan.base, board };
  }
}

/** The match as the publisher reads it: its verdicts with their seq, link changes, the journal written, its state. */
function published(match: MatchContext): TelemetrySession {
  return {
    matchId: match.matchId,
    ruleset: match.header.ruleset,
    match: matchInfoOf(match.header),
    listen: (handlers) => {
      const owner = {};
      match.bus.on('logged', owner, (l) =>
        handlers.verdict({ matchId: l.matchId, seq: l.seq, verdict: l.verdict, ...(l.repeated ? { repeated: l.repeated } : {}) }),
      );
      match.bus.on('link', owner, (l) => handlers.link(l));
      // The state names the journal written: it changes with every storage event that moves it.
      match.bus.on('storage', owner, () => {
        const journal = match.snapshot()?.journal;
        if (journal) handlers.journal(journal);
      });
      return () => match.bus.removeListeners(owner);
    },
    // With the match and its last seq, so a hub that missed the last verdicts (no later one shows the gap) sees it.
    snapshot: () => {
      const s = match.snapshot();
      return s && { ...s, matchId: match.matchId, lastSeq: match.lastSeq() };
    },
  };
}
