/**
 * The tournament hub: one store for every board of a club night. Each board host publishes
 * its match on a shared broker (`<base>/<board>/match`, retained: the match as its store
 * files it; `<base>/<board>/verdict`: every verdict with its (matchId, seq)); the hub files
 * them in its own store with the same code a board's store uses, so the two hold the same
 * rows. A verdict is named for good by (matchId, seq): one delivered twice (a QoS 1
 * redelivery, a board republishing after a broker restart) is stored once. A verdict that
 * comes before its match's description waits for it.
 *
 * Pure of the network: the CLI hands it each message; `overview()` is its one line per board.
 */
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchInfo, MatchStore } from '../store/index.ts';
import { isJsonObject } from '../util/json.ts';

/** What the hub knows of one board from its topics. */
export interface BoardSeen {
  readonly board: string;
  availability?: string;
  matchId?: string;
  ruleset?: string;
  state?: RefereeSnapshot;
  /** Verdicts of this board stored by the hub (new ones only). */
  stored: number;
  /** The highest verdict number seen of its current match. */
  lastSeq: number;
}

export interface HubCounters {
  /** Verdicts stored (each once). */
  stored: number;
  /** Verdicts delivered again and kept once. */
  duplicates: number;
  /** Messages that were not what their topic promises: counted, never stored. */
  rejected: number;
  /** Verdicts waiting for their match's description. */
  waiting: number;
}

const BRIDGE = 'bridge';

export class Hub {
  readonly boards = new Map<string, BoardSeen>();
  readonly counters: HubCounters = { stored: 0, duplicates: 0, rejected: 0, waiting: 0 };
  private readonly matches = new Map<string, MatchInfo>();
  private readonly pending = new Map<string, { board: string; seq: number; verdict: Verdict }[]>();

  constructor(
    private readonly store: MatchStore,
    readonly base: string,
  ) {}

  /** The topic filters the hub subscribes to (QoS 1). */
  get subscriptions(): string[] {
    return ['match', 'verdict', 'state', 'availability'].map((kind) => `${this.base}/+/${kind}`);
  }

  /** One message from the broker; a bad one is counted and dropped, never stored. */
  onMessage(topic: string, payload: Buffer | string): void {
    const levels = topic.split('/');
    if (levels.length !== 3 || levels[0] !== this.base || levels[1] === BRIDGE) return;
    const board = levels[1]!;
    const kind = levels[2]!;
    const text = payload.toString();
    if (kind === 'availability') {
      this.seen(board).availability = text;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.counters.rejected++;
      return;
    }
    if (kind === 'match') this.onMatch(board, json);
    else if (kind === 'verdict') this.onVerdict(board, json);
    else if (kind === 'state' && isJsonObject(json)) this.seen(board).state = json as unknown as RefereeSnapshot;
  }

  /** One line per board: availability, game, position, score, verdicts stored. */
  overview(): string[] {
    return [...this.boards.values()]
      .sort((a, b) => (a.board < b.board ? -1 : 1))
      .map((b) => {
        const s = b.state;
        const where = s
          ? `${s.phase} game ${s.game}${s.turn ? `, ${s.turn} to move` : ''}, A ${s.score.points.A} - B ${s.score.points.B}`
          : 'no state yet';
        return `${b.board.padEnd(12)} ${(b.availability ?? '?').padEnd(7)} ${(b.ruleset ?? '-').padEnd(9)} ${where} | ${b.stored} verdicts stored`;
      });
  }

  private seen(board: string): BoardSeen {
    let b = this.boards.get(board);
    if (!b) this.boards.set(board, (b = { board, stored: 0, lastSeq: 0 }));
    return b;
  }

  private onMatch(board: string, json: unknown): void {
    if (!isMatchInfo(json)) {
      this.counters.rejected++;
      return;
    }
    const b = this.seen(board);
    if (b.matchId !== json.matchId) b.lastSeq = 0;
    b.matchId = json.matchId;
    b.ruleset = json.ruleset;
    if (!this.matches.has(json.matchId)) this.store.recordMatch(json);
    this.matches.set(json.matchId, json);
    // In the order of the match, as the board filed them (a verdict delivered twice waits twice: kept once).
    const waiting = (this.pending.get(json.matchId) ?? []).sort((x, y) => x.seq - y.seq);
    this.pending.delete(json.matchId);
    this.counters.waiting -= waiting.length;
    for (const w of waiting) this.file(w.board, json, w.seq, w.verdict);
  }

  private onVerdict(board: string, json: unknown): void {
    if (!isJsonObject(json) || typeof json.matchId !== 'string' || !Number.isSafeInteger(json.seq) || !isJsonObject(json.verdict)) {
      this.counters.rejected++;
      return;
    }
    const { matchId } = json;
    const seq = json.seq as number;
    const verdict = json.verdict as unknown as Verdict;
    const info = this.matches.get(matchId);
    if (info) this.file(board, info, seq, verdict);
    else {
      const list = this.pending.get(matchId) ?? [];
      list.push({ board, seq, verdict });
      this.pending.set(matchId, list);
      this.counters.waiting++;
    }
  }

  private file(board: string, info: MatchInfo, seq: number, verdict: Verdict): void {
    const b = this.seen(board);
    b.lastSeq = Math.max(b.lastSeq, seq);
    if (this.store.recordVerdict(info, seq, verdict)) {
      this.counters.stored++;
      b.stored++;
    } else this.counters.duplicates++;
  }
}

function isMatchInfo(x: unknown): x is MatchInfo {
  if (!isJsonObject(x)) return false;
  const { players, board, settings } = x;
  return (
    typeof x.matchId === 'string' &&
    typeof x.ruleset === 'string' &&
    typeof x.event === 'string' &&
    typeof x.startedAt === 'string' &&
    isJsonObject(players) &&
    typeof players.A === 'string' &&
    typeof players.B === 'string' &&
    isJsonObject(board) &&
    typeof board.key === 'string' &&
    typeof board.site === 'string' &&
    isJsonObject(settings)
  );
}
