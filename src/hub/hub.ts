/**
 * The tournament hub: one store for every board of a club night. Each board host publishes
 * its match on a shared broker (`<base>/<board>/match`, retained: the match as its store
 * files it; `<base>/<board>/verdict`: every verdict with its (matchId, seq); `state`,
 * retained, with the seq of the match's last verdict); the hub files them in its own store
 * with the same code a board's store uses, so the two hold the same rows. A verdict is named
 * for good by (matchId, seq): one delivered twice is stored once. A verdict that comes before
 * its match's description waits for it.
 *
 * What the broker never delivered (the hub joined mid-match, or lost its session in a broker
 * restart) shows as a gap in a match's seqs: below a verdict that came, or below the last seq
 * the board's state names. The hub says it (`missing()`) and asks the board's referee for it
 * (`fetch_verdicts`, answered from its journal) once the gap has lasted `graceMs` (verdicts
 * still on their way are not asked for), again every `retryMs` without an answer.
 *
 * Pure of the network: the CLI hands it each message and publishes what `fetchesDue()` asks;
 * `overview()` is its one line per board.
 */
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchInfo, MatchStore, NumberedVerdict } from '../store/index.ts';
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
  /** Verdicts of the stored ones that came in answer to a fetch. */
  fetched: number;
}

/** A gap in a match's seqs. */
export interface Missing {
  readonly board: string;
  readonly matchId: string;
  readonly count: number;
  /** The runs of missing seqs, `17-36` or `40`, the first few. */
  readonly ranges: readonly string[];
  /** Fetches sent for it without an answer yet (since the last answer). */
  readonly unanswered: number;
  /** The referee's last refusal, if it refused. */
  readonly error?: string;
}

/** A request the CLI publishes (QoS 1) for the hub. */
export interface HubRequest {
  readonly topic: string;
  readonly payload: string;
}

export interface HubOptions {
  /** The hub's clock, ms (only differences matter). */
  readonly now: () => number;
  /** How long a gap lasts before it is asked for. Default 2000 ms. */
  readonly graceMs?: number;
  /** How long a fetch goes unanswered before it is sent again (then twice as long each time, up to a minute). Default 3000 ms. */
  readonly retryMs?: number;
  /** After a refusal, the next ask. Default 30 000 ms. */
  readonly refusedRetryMs?: number;
}

const BRIDGE = 'bridge';
export const FETCH_REQUEST = 'fetch_verdicts';
const MAX_OPEN_FETCHES = 1000;
const MAX_RETRY_MS = 60_000;

/** What the hub knows of one match's seqs. */
interface MatchTrack {
  readonly matchId: string;
  board: string;
  /** Seqs stored, or waiting for the match's description. */
  readonly heard: Set<number>;
  /** The lowest seq not heard (every one below it is). */
  firstMissing: number;
  /** The highest seq heard as a verdict. */
  maxHeard: number;
  /** The highest seq the board said it reached (its state, a fetch's answer), or heard. */
  known: number;
  /** When a verdict of the match last came (or the track began). */
  lastHeardAt: number;
  holeSince?: number;
  askedAt?: number;
  unanswered: number;
  refusedAt?: number;
  error?: string;
}

export class Hub {
  readonly boards = new Map<string, BoardSeen>();
  readonly counters: HubCounters = { stored: 0, duplicates: 0, rejected: 0, waiting: 0, fetched: 0 };
  private readonly matches = new Map<string, MatchInfo>();
  private readonly pending = new Map<string, { board: string; seq: number; verdict: Verdict }[]>();
  private readonly tracks = new Map<string, MatchTrack>();
  /** The hub's fetches without an answer yet: transaction → match id. */
  private readonly transactions = new Map<string, string>();
  private requestCount = 0;
  private readonly options: Required<HubOptions>;

  constructor(
    private readonly store: MatchStore,
    readonly base: string,
    options: HubOptions = { now: () => performance.now() },
  ) {
    this.options = { graceMs: 2000, retryMs: 3000, refusedRetryMs: 30_000, ...options };
  }

  /** The topic filters the hub subscribes to (QoS 1). */
  get subscriptions(): string[] {
    return [
      ...['match', 'verdict', 'state', 'availability'].map((kind) => `${this.base}/+/${kind}`),
      `${this.base}/${BRIDGE}/response/${FETCH_REQUEST}`,
    ];
  }

  /** One message from the broker; a bad one is counted and dropped, never stored. */
  onMessage(topic: string, payload: Buffer | string): void {
    const levels = topic.split('/');
    if (levels[0] !== this.base) return;
    if (levels[1] === BRIDGE) {
      if (levels.length === 4 && levels[2] === 'response' && levels[3] === FETCH_REQUEST) this.onFetched(payload.toString());
      return;
    }
    if (levels.length !== 3) return;
    const board = levels[1]!;
    const kind = levels[2]!;
    const text = payload.toString();
    if (kind === 'availability') {
      this.seen(board).availability = text;
      return;
    }
    const json = this.parsed(text);
    if (json === undefined) return;
    if (kind === 'match') this.onMatch(board, json);
    else if (kind === 'verdict') this.onVerdict(board, json);
    else if (kind === 'state' && isJsonObject(json)) this.onState(board, json);
  }

  /** The requests due now for what is missing. */
  fetchesDue(): HubRequest[] {
    const now = this.options.now();
    const due: HubRequest[] = [];
    for (const t of this.tracks.values()) {
      if (!this.isDue(t, now)) continue;
      const from = t.firstMissing;
      let to = from;
      while (to < t.known && !t.heard.has(to + 1)) to++;
      const transaction = `hub-${++this.requestCount}`;
      this.transactions.set(transaction, t.matchId);
      // Fetches never answered (a broker that drops them) are forgotten, the oldest first.
      if (this.transactions.size > MAX_OPEN_FETCHES) this.transactions.delete(this.transactions.keys().next().value!);
      t.askedAt = now;
      t.unanswered++;
      due.push({
        topic: `${this.base}/${BRIDGE}/request/${FETCH_REQUEST}`,
        payload: JSON.stringify({ transaction, board: t.board, matchId: t.matchId, from, to }),
      });
    }
    return due;
  }

  /** Every match with seqs not heard, by board. */
  missing(): Missing[] {
    return [...this.tracks.values()]
      .filter((t) => missingCount(t) > 0)
      .sort((a, b) => (a.board < b.board ? -1 : a.board > b.board ? 1 : a.matchId < b.matchId ? -1 : 1))
      .map((t) => ({
        board: t.board,
        matchId: t.matchId,
        count: missingCount(t),
        ranges: missingRanges(t, 4),
        unanswered: t.unanswered,
        ...(t.error !== undefined ? { error: t.error } : {}),
      }));
  }

  /** One line per board: availability, game, position, score, verdicts stored, what is missing. */
  overview(): string[] {
    const missing = this.missing();
    return [...this.boards.values()]
      .sort((a, b) => (a.board < b.board ? -1 : 1))
      .map((b) => {
        const s = b.state;
        const where = s
          ? `${s.phase} game ${s.game}${s.turn ? `, ${s.turn} to move` : ''}, A ${s.score.points.A} - B ${s.score.points.B}`
          : 'no state yet';
        const gaps = missing.filter((m) => m.board === b.board);
        const gapText = gaps
          .map((m) => `; ${m.count} missing (${m.ranges.join(', ')})${m.matchId !== b.matchId ? ` of match ${m.matchId}` : ''}`)
          .join('');
        return `${b.board.padEnd(12)} ${(b.availability ?? '?').padEnd(7)} ${(b.ruleset ?? '-').padEnd(9)} ${where} | ${b.stored} verdicts stored${gapText}`;
      });
  }

  /** The summary line: what is stored, and what is missing and what is done about it. */
  summary(): string {
    const c = this.counters;
    const missing = this.missing();
    const count = missing.reduce((n, m) => n + m.count, 0);
    let gaps = '';
    if (count > 0) {
      const refused = missing.find((m) => m.error !== undefined);
      const silent = missing.some((m) => m.unanswered >= 2);
      gaps = refused
        ? `; ${count} missing, fetch refused: ${refused.error}`
        : silent
          ? `; ${count} missing, fetched without an answer yet (is the referee up, and may the hub's user publish ${this.base}/bridge/request/${FETCH_REQUEST}?)`
          : `; ${count} missing, being fetched from the boards`;
    }
    const fetched = c.fetched > 0 ? `, ${c.fetched} of them fetched` : '';
    return `stored ${c.stored} verdicts${fetched} (${c.duplicates} again, kept once; ${c.rejected} refused; ${c.waiting} waiting for their match)${gaps}`;
  }

  private isDue(t: MatchTrack, now: number): boolean {
    if (missingCount(t) === 0 && !this.waitingLong(t, now)) return false;
    if (t.refusedAt !== undefined && now - t.refusedAt < this.options.refusedRetryMs) return false;
    // A board that is offline cannot answer: asked again once it is back.
    if (this.boards.get(t.board)?.availability === 'offline') return false;
    // Unanswered: asked again, less and less often.
    const wait = Math.min(this.options.retryMs * 2 ** Math.max(0, t.unanswered - 1), MAX_RETRY_MS);
    if (t.askedAt !== undefined && now - t.askedAt < wait) return false;
    const { graceMs } = this.options;
    const hole = t.holeSince !== undefined && now - t.holeSince >= graceMs;
    // The last ones: no later verdict shows the gap, the board's state does; asked once the verdicts stop coming.
    const tail = t.known > t.maxHeard && now - t.lastHeardAt >= graceMs;
    return hole || tail || this.waitingLong(t, now);
  }

  /** Verdicts heard long ago whose match the hub never learnt: a fetch's answer brings it. */
  private waitingLong(t: MatchTrack, now: number): boolean {
    return !this.matches.has(t.matchId) && t.heard.size > 0 && now - t.lastHeardAt >= this.options.graceMs;
  }

  private seen(board: string): BoardSeen {
    let b = this.boards.get(board);
    if (!b) this.boards.set(board, (b = { board, stored: 0, lastSeq: 0 }));
    return b;
  }

  private track(matchId: string, board: string): MatchTrack {
    let t = this.tracks.get(matchId);
    if (!t) {
      // What an earlier run of the hub stored counts as heard.
      const heard = new Set(this.store.seqs(matchId));
      t = { matchId, board, heard, firstMissing: 1, maxHeard: 0, known: 0, lastHeardAt: this.options.now(), unanswered: 0 };
      for (const seq of heard) t.maxHeard = Math.max(t.maxHeard, seq);
      t.known = t.maxHeard;
      this.tracks.set(matchId, t);
      this.advance(t);
    }
    t.board = board;
    return t;
  }

  private heard(t: MatchTrack, seq: number): void {
    t.heard.add(seq);
    t.maxHeard = Math.max(t.maxHeard, seq);
    t.known = Math.max(t.known, seq);
    t.lastHeardAt = this.options.now();
    this.advance(t);
  }

  private advance(t: MatchTrack): void {
    while (t.heard.has(t.firstMissing)) t.firstMissing++;
    if (t.firstMissing > t.known) {
      // Nothing missing: a later gap is a new one.
      t.holeSince = undefined;
      t.askedAt = undefined;
      t.unanswered = 0;
      t.error = undefined;
      t.refusedAt = undefined;
    } else if (t.firstMissing < t.maxHeard) t.holeSince ??= this.options.now();
  }

  private onState(board: string, json: Record<string, unknown>): void {
    this.seen(board).state = json as unknown as RefereeSnapshot;
    const { matchId, lastSeq } = json;
    if (typeof matchId !== 'string' || !Number.isSafeInteger(lastSeq) || (lastSeq as number) < 0) return;
    const t = this.track(matchId, board);
    if ((lastSeq as number) > t.known) {
      // The last verdicts are still on their way, or lost: asked for once they stop coming.
      if (t.known <= t.maxHeard) t.lastHeardAt = Math.max(t.lastHeardAt, this.options.now());
      t.known = lastSeq as number;
    }
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
    this.track(json.matchId, board);
    this.learnMatch(json);
  }

  private learnMatch(info: MatchInfo): void {
    if (!this.matches.has(info.matchId)) this.store.recordMatch(info);
    this.matches.set(info.matchId, info);
    // In the order of the match, as the board filed them (a verdict delivered twice waits twice: kept once).
    const waiting = (this.pending.get(info.matchId) ?? []).sort((x, y) => x.seq - y.seq);
    this.pending.delete(info.matchId);
    this.counters.waiting -= waiting.length;
    for (const w of waiting) this.file(w.board, info, w.seq, w.verdict);
  }

  private onVerdict(board: string, json: unknown): void {
    if (!isJsonObject(json) || typeof json.matchId !== 'string' || !Number.isSafeInteger(json.seq) || !isJsonObject(json.verdict)) {
      this.counters.rejected++;
      return;
    }
    const { matchId } = json;
    const seq = json.seq as number;
    const verdict = json.verdict as unknown as Verdict;
    const t = this.track(matchId, board);
    const info = this.matches.get(matchId);
    if (info) this.file(board, info, seq, verdict);
    else {
      const list = this.pending.get(matchId) ?? [];
      list.push({ board, seq, verdict });
      this.pending.set(matchId, list);
      this.counters.waiting++;
    }
    this.heard(t, seq);
  }

  /** The JSON a message holds; undefined (counted as refused) when it is none. */
  private parsed(text: string): unknown {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.counters.rejected++;
      return undefined;
    }
  }

  private onFetched(text: string): void {
    const json = this.parsed(text);
    if (json === undefined) return;
    if (!isJsonObject(json)) {
      this.counters.rejected++;
      return;
    }
    const asked = typeof json.transaction === 'string' ? this.transactions.get(json.transaction) : undefined;
    if (asked !== undefined) this.transactions.delete(json.transaction as string);
    if (json.status === 'error') {
      // Another hub's refusal is not this one's to act on.
      const t = asked !== undefined ? this.tracks.get(asked) : undefined;
      if (!t || typeof json.error !== 'string') return;
      t.error = json.error;
      t.refusedAt = this.options.now();
      t.unanswered = 0;
      return;
    }
    const data = json.data;
    if (json.status !== 'ok' || !isJsonObject(data) || !isMatchInfo(data.match) || !Array.isArray(data.verdicts)) {
      this.counters.rejected++;
      return;
    }
    const info = data.match;
    const verdicts: NumberedVerdict[] = [];
    for (const v of data.verdicts as unknown[]) {
      if (!isJsonObject(v) || !Number.isSafeInteger(v.seq) || (v.seq as number) < 1 || !isJsonObject(v.verdict)) {
        this.counters.rejected++;
        return;
      }
      verdicts.push({ seq: v.seq as number, verdict: v.verdict as unknown as Verdict });
    }
    const known = this.tracks.get(info.matchId);
    const board = known?.board ?? [...this.boards.values()].find((b) => b.matchId === info.matchId)?.board;
    if (board === undefined) return; // a match of no board this hub follows
    const t = this.track(info.matchId, board);
    if (!this.matches.has(info.matchId)) this.learnMatch(info);
    const added = this.store.recordVerdicts(info, verdicts);
    this.counters.stored += added;
    this.counters.fetched += added;
    this.seen(board).stored += added;
    if (Number.isSafeInteger(data.lastSeq)) t.known = Math.max(t.known, data.lastSeq as number);
    for (const v of verdicts) t.heard.add(v.seq);
    for (const v of verdicts) t.maxHeard = Math.max(t.maxHeard, v.seq);
    t.known = Math.max(t.known, t.maxHeard);
    // Answered: the rest of the gap, if any, is asked for at once.
    t.askedAt = undefined;
    t.unanswered = 0;
    t.error = undefined;
    t.refusedAt = undefined;
    this.advance(t);
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

const missingCount = (t: MatchTrack): number => {
  let heardBelow = 0;
  for (const seq of t.heard) if (seq <= t.known) heardBelow++;
  return t.known - heardBelow;
};

/** The first `limit` runs of missing seqs, as text. */
function missingRanges(t: MatchTrack, limit: number): string[] {
  const runs: string[] = [];
  let seq = t.firstMissing;
  while (seq <= t.known && runs.length < limit) {
    const start = seq;
    while (seq + 1 <= t.known && !t.heard.has(seq + 1)) seq++;
    runs.push(start === seq ? `${start}` : `${start}-${seq}`);
    seq++;
    while (seq <= t.known && t.heard.has(seq)) seq++;
  }
  if (seq <= t.known) runs.push('...');
  return runs;
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
