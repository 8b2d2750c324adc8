/**
 * The match store: one SQLite file (better-sqlite3, WAL) holding the match log of one host or
 * of a hub's many boards. The journals stay the source of truth; this is their index, and
 * `rebuild` recreates it from them row for row.
 */
import Database from 'better-sqlite3';
import type { Player } from '../rules/match/track.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { err, ok, type CodedError, type Result } from '../util/result.ts';
import type { GameEvent, GameRecord, GameResult, MatchInfo, MatchRecord, MatchResult, MatchSummary, NumberedVerdict } from './model.ts';
import { recordMatch, recordVerdict, recordVerdicts } from './record.ts';
import { DATA_TABLES, MIGRATIONS, SCHEMA_VERSION } from './schema.ts';

export type StoreErrorCode = 'Unopenable' | 'TooNew';
export type StoreError = CodedError<StoreErrorCode>;

export interface ListFilter {
  /** A board's key or profile name. */
  readonly board?: string;
  /** A player's name. */
  readonly player?: string;
  /** Matches started on or after this ISO date or time. */
  readonly since?: string;
}

export interface StoreOptions {
  /**
   * How long a write waits for another connection's lock before it fails with SQLITE_BUSY
   * (default 5000 ms). A live referee waits briefly: its store catches up later, while a
   * long wait would hold up the refereeing.
   */
  readonly busyTimeoutMs?: number;
}

/** Opens (creating if need be) the store at `path` and brings its schema up to date. */
export function openStore(path: string, options: StoreOptions = {}): Result<MatchStore, StoreError> {
  let db: Database.Database;
  try {
    db = new Database(path, options.busyTimeoutMs !== undefined ? { timeout: options.busyTimeoutMs } : {});
  } catch (e) {
    return err({ code: 'Unopenable', message: `cannot open the match store ${path}: ${(e as Error).message}` });
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined;
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    const at = row?.version ?? 0;
    if (at > SCHEMA_VERSION) {
      db.close();
      return err({ code: 'TooNew', message: `${path} is a match store of schema ${at}; this senryaku knows up to ${SCHEMA_VERSION}` });
    }
    for (const m of MIGRATIONS.filter((m) => m.version > at))
      db.transaction(() => {
        db.exec(m.sql);
        db.prepare('UPDATE schema_version SET version = ?').run(m.version);
      })();
  } catch (e) {
    db.close();
    return err({ code: 'Unopenable', message: `cannot open the match store ${path}: ${(e as Error).message}` });
  }
  return ok(new MatchStore(db, path));
}

interface MatchRow {
  id: string;
  ruleset: string;
  event: string;
  started_at: string;
  site: string;
  profile: string | null;
  settings: string;
  result: MatchResult | null;
  board_key: string;
  a: string;
  b: string;
  games: number;
}

const MATCH_SELECT = `
  SELECT m.id, m.ruleset, m.event, m.started_at, m.site, m.profile, m.settings, m.result,
         bo.key AS board_key, pa.name AS a, pb.name AS b,
         (SELECT COUNT(*) FROM games g WHERE g.match_id = m.id) AS games
  FROM matches m JOIN boards bo ON bo.id = m.board JOIN players pa ON pa.id = m.player_a JOIN players pb ON pb.id = m.player_b`;

export class MatchStore {
  constructor(
    readonly db: Database.Database,
    readonly path: string,
  ) {}

  close(): void {
    if (this.db.open) this.db.close();
  }

  get schemaVersion(): number {
    return (this.db.prepare('SELECT version FROM schema_version').get() as { version: number }).version;
  }

  recordMatch(info: MatchInfo): void {
    recordMatch(this.db, info);
  }

  /** Files a verdict; false when (match, seq) was already stored. */
  recordVerdict(info: MatchInfo, seq: number, verdict: Verdict): boolean {
    return recordVerdict(this.db, info, seq, verdict);
  }

  /** Files many verdicts of the match in one transaction (a catch-up); returns how many were new. */
  recordVerdicts(info: MatchInfo, verdicts: readonly NumberedVerdict[]): number {
    return recordVerdicts(this.db, info, verdicts);
  }

  /** The seqs of the match's stored verdicts, in order. */
  seqs(matchId: string): number[] {
    return (this.db.prepare('SELECT seq FROM verdicts WHERE match_id = ? ORDER BY seq').all(matchId) as { seq: number }[]).map(
      (r) => r.seq,
    );
  }

  /** Empties every data table (the schema stays): what a rebuild starts from. */
  clear(): void {
    this.db.transaction(() => {
      for (const table of [...DATA_TABLES].reverse()) this.db.exec(`DELETE FROM ${table}`);
    })();
  }

  /** The matches, oldest first, that pass the filter. */
  list(filter: ListFilter = {}): MatchSummary[] {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.board !== undefined) {
      where.push('(bo.key = ? OR m.profile = ?)');
      params.push(filter.board, filter.board);
    }
    if (filter.player !== undefined) {
      where.push('(pa.name = ? OR pb.name = ?)');
      params.push(filter.player, filter.player);
    }
    if (filter.since !== undefined) {
      where.push('m.started_at >= ?');
      params.push(filter.since);
    }
    const sql = `${MATCH_SELECT}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY m.started_at, m.id`;
    return (this.db.prepare(sql).all(...params) as MatchRow[]).map(summaryOf);
  }

  info(matchId: string): MatchInfo | undefined {
    const row = this.db.prepare(`${MATCH_SELECT} WHERE m.id = ?`).get(matchId) as MatchRow | undefined;
    return row ? infoOf(row) : undefined;
  }

  /** Every stored verdict of the match, by seq. */
  verdicts(matchId: string): NumberedVerdict[] {
    const rows = this.db.prepare('SELECT seq, json FROM verdicts WHERE match_id = ? ORDER BY seq').all(matchId) as {
      seq: number;
      json: string;
    }[];
    return rows.map((r) => ({ seq: r.seq, verdict: JSON.parse(r.json) as Verdict }));
  }

  /** The match with its games, moves, fouls and crashes; undefined if it is not stored. */
  match(matchId: string): MatchRecord | undefined {
    const row = this.db.prepare(`${MATCH_SELECT} WHERE m.id = ?`).get(matchId) as MatchRow | undefined;
    if (!row) return undefined;
    const games = this.db
      .prepare(
        `SELECT g.*, s.score_a, s.score_b FROM games g LEFT JOIN scores s ON s.match_id = g.match_id AND s.game = g.number
         WHERE g.match_id = ? ORDER BY g.number`,
      )
      .all(matchId) as GameRow[];
    let before = { A: 0, B: 0 };
    const records = games.map((g) => {
      const record = this.gameOf(matchId, g, before);
      before = record.score;
      return record;
    });
    const hints = { A: 0, B: 0 };
    for (const e of records.flatMap((r) => r.events)) if (e.kind === 'hint') hints[e.player]++;
    return { info: infoOf(row), games: records, hints, ...(row.result ? { result: row.result } : {}) };
  }

  private gameOf(matchId: string, g: GameRow, before: { A: number; B: number }): GameRecord {
    const q = (sql: string) => this.db.prepare(sql).all(matchId, g.number) as Record<string, unknown>[];
    const events: GameEvent[] = [
      ...q('SELECT * FROM moves WHERE match_id = ? AND game = ?').map((m): GameEvent => ({
        kind: 'move',
        seq: m.seq as number,
        ply: m.ply as number,
        atMs: m.at_ms as number,
        side: m.side as string,
        notation: m.notation as string,
        position: m.position as string,
        ...(m.extras ? { extras: JSON.parse(m.extras as string) as Record<string, unknown> } : {}),
      })),
      ...q('SELECT * FROM fouls WHERE match_id = ? AND game = ?').map((f): GameEvent => ({
        kind: 'foul',
        seq: f.seq as number,
        afterPly: f.after_ply as number,
        atMs: f.at_ms as number,
        side: f.side as string,
        code: f.code as string,
        message: f.message as string,
        count: f.count as number,
      })),
      ...q('SELECT * FROM crashes WHERE match_id = ? AND game = ?').map((c): GameEvent => ({
        kind: 'crash',
        seq: c.seq as number,
        afterPly: c.after_ply as number,
        atMs: c.at_ms as number,
        loser: c.loser as string,
        toward: c.toward as string,
        during: c.during as string,
        ...(c.well !== null ? { well: c.well as string } : {}),
      })),
      ...q('SELECT * FROM forfeits WHERE match_id = ? AND game = ?').map((f): GameEvent => ({
        kind: 'forfeit',
        seq: f.seq as number,
        afterPly: f.after_ply as number,
        atMs: f.at_ms as number,
        loser: f.loser as string,
        reason: f.reason as string,
        message: f.message as string,
      })),
    ].sort((x, y) => x.seq - y.seq);
    // Attributions, takebacks, the computer's moves and hints have no table of their own: they are read from the verdicts.
    const kept = this.db
      .prepare(
        `SELECT seq, json FROM verdicts WHERE match_id = ? AND game = ? AND type IN ('attributed', 'takeback', 'computer-move', 'hint') ORDER BY seq`,
      )
      .all(matchId, g.number) as { seq: number; json: string }[];
    for (const a of kept) {
      const v = JSON.parse(a.json) as Extract<Verdict, { type: 'attributed' | 'takeback' | 'computer-move' | 'hint' }>;
      // The moves before it that stand (a takeback's own are gone): the ply the game is at.
      const afterPly = events.filter((e) => e.kind === 'move' && e.seq < a.seq).length;
      const at = events.findIndex((e) => e.seq > a.seq);
      const event: GameEvent =
        v.type === 'attributed'
          ? { kind: 'attributed', seq: a.seq, afterPly, atMs: v.atMs, to: v.to, message: v.message }
          : v.type === 'computer-move'
            ? { kind: 'computer-move', seq: a.seq, afterPly, atMs: v.atMs, side: v.side, move: v.move }
            : v.type === 'hint'
              ? { kind: 'hint', seq: a.seq, afterPly, atMs: v.atMs, side: v.side, player: v.player, move: v.move, count: v.count }
              : {
                  kind: 'takeback',
                  seq: a.seq,
                  afterPly,
                  atMs: v.atMs,
                  side: v.side,
                  moves: v.moves,
                  ...(v.withdrawn ? { withdrawn: v.withdrawn } : {}),
                };
      events.splice(at < 0 ? events.length : at, 0, event);
    }
    return {
      number: g.number,
      sides: [
        { side: g.first_side, player: g.first_player },
        { side: g.second_side, player: g.second_player },
      ],
      position: g.position,
      result: g.result,
      ...(g.winner_side !== null ? { winnerSide: g.winner_side } : {}),
      ...(g.termination !== null ? { termination: g.termination } : {}),
      points: { A: g.points_a ?? 0, B: g.points_b ?? 0 },
      score: g.score_a !== null && g.score_b !== null ? { A: g.score_a, B: g.score_b } : before,
      events,
    };
  }
}

interface GameRow {
  number: number;
  first_side: string;
  second_side: string;
  first_player: Player;
  second_player: Player;
  position: string;
  result: GameResult;
  winner_side: string | null;
  termination: string | null;
  points_a: number | null;
  points_b: number | null;
  score_a: number | null;
  score_b: number | null;
}

function infoOf(r: MatchRow): MatchInfo {
  return {
    matchId: r.id,
    ruleset: r.ruleset,
    event: r.event,
    startedAt: r.started_at,
    players: { A: r.a, B: r.b },
    board: { key: r.board_key, site: r.site, ...(r.profile !== null ? { profile: r.profile } : {}) },
    settings: JSON.parse(r.settings) as Record<string, unknown>,
  };
}

function summaryOf(r: MatchRow): MatchSummary {
  return {
    matchId: r.id,
    ruleset: r.ruleset,
    startedAt: r.started_at,
    board: r.board_key,
    ...(r.profile !== null ? { profile: r.profile } : {}),
    players: { A: r.a, B: r.b },
    games: r.games,
    ...(r.result !== null ? { result: r.result } : {}),
  };
}
