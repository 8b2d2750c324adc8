/**
 * Files one verdict of a match: the verdict row, keyed by (match id, seq), and the rows it
 * implies (a game, a move, a foul, a crash, a score, the match's result; a takeback takes its
 * moves' rows away), in one transaction. Idempotent: a verdict already stored (a hub hearing it again, a rebuild over
 * a live store) changes nothing, because the derived rows are written only when the verdict
 * row is new. Order-proof: a verdict that arrives after a later one of its match has the
 * match's derived rows filed again in seq order, so they never depend on delivery order.
 */
import type Database from 'better-sqlite3';
import type { Verdict } from '../referee/verdicts.ts';
import type { MatchInfo, NumberedVerdict } from './model.ts';

type Db = Database.Database;

const playerId = (db: Db, name: string): number => {
  db.prepare('INSERT OR IGNORE INTO players (name) VALUES (?)').run(name);
  return (db.prepare('SELECT id FROM players WHERE name = ?').get(name) as { id: number }).id;
};

/** Files the match itself (its board and players first); nothing happens if it is already there. */
export function recordMatch(db: Db, info: MatchInfo): void {
  db.transaction(() => insertMatch(db, info))();
}

function insertMatch(db: Db, info: MatchInfo): void {
  if (db.prepare('SELECT 1 FROM matches WHERE id = ?').get(info.matchId)) return;
  db.prepare('INSERT OR IGNORE INTO boards (key, profile) VALUES (?, ?)').run(info.board.key, info.board.profile ?? null);
  const board = (db.prepare('SELECT id FROM boards WHERE key = ?').get(info.board.key) as { id: number }).id;
  const a = playerId(db, info.players.A);
  const b = playerId(db, info.players.B);
  db.prepare(
    `INSERT INTO matches (id, ruleset, event, started_at, board, site, profile, player_a, player_b, settings)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    info.matchId,
    info.ruleset,
    info.event,
    info.startedAt,
    board,
    info.board.site,
    info.board.profile ?? null,
    a,
    b,
    JSON.stringify(info.settings),
  );
}

/** The common fields of a move verdict; the rest is the game's own (`extras`). */
const MOVE_FIELDS = new Set(['type', 'atMs', 'side', 'move', 'position']);

/**
 * Files verdict `seq` of the match (the match too, if new). Returns whether it was new
 * (false: already stored, nothing written).
 */
export function recordVerdict(db: Db, info: MatchInfo, seq: number, verdict: Verdict): boolean {
  return db.transaction((): boolean => {
    insertMatch(db, info);
    const id = info.matchId;
    const last = (db.prepare('SELECT MAX(seq) AS n FROM verdicts WHERE match_id = ?').get(id) as { n: number | null }).n ?? 0;
    const inserted = db
      .prepare('INSERT OR IGNORE INTO verdicts (match_id, seq, type, at_ms, game, json) VALUES (?, ?, ?, ?, ?, ?)')
      .run(id, seq, verdict.type, verdict.atMs, null, JSON.stringify(verdict));
    if (inserted.changes === 0) return false;
    if (seq > last) fileVerdict(db, id, seq, verdict);
    else rederive(db, id); // came after a later one (a hub's late delivery): the derived rows are filed again in order
    return true;
  })();
}

/**
 * Files many verdicts of the match at once (a store catching up from its journal, a hub
 * fetching what it missed), in one transaction; returns how many were new. Verdicts that all
 * come after the last stored one are filed in seq order as they would have been live; any
 * that fills a hole has the match's derived rows filed again once, not once per verdict.
 */
export function recordVerdicts(db: Db, info: MatchInfo, verdicts: readonly NumberedVerdict[]): number {
  return db.transaction((): number => {
    insertMatch(db, info);
    const id = info.matchId;
    let last = (db.prepare('SELECT MAX(seq) AS n FROM verdicts WHERE match_id = ?').get(id) as { n: number | null }).n ?? 0;
    const insert = db.prepare('INSERT OR IGNORE INTO verdicts (match_id, seq, type, at_ms, game, json) VALUES (?, ?, ?, ?, ?, ?)');
    let added = 0;
    let late = false;
    for (const { seq, verdict } of [...verdicts].sort((a, b) => a.seq - b.seq)) {
      if (insert.run(id, seq, verdict.type, verdict.atMs, null, JSON.stringify(verdict)).changes === 0) continue;
      added++;
      if (late) continue;
      if (seq > last) {
        fileVerdict(db, id, seq, verdict);
        last = seq;
      } else late = true;
    }
    if (late) rederive(db, id);
    return added;
  })();
}

/** The derived rows of one verdict, filed after those of every verdict before it. */
function fileVerdict(db: Db, id: string, seq: number, verdict: Verdict): void {
  const current = (db.prepare('SELECT MAX(number) AS n FROM games WHERE match_id = ?').get(id) as { n: number | null }).n;
  const game = verdict.type === 'game-started' ? verdict.game : current;
  db.prepare('UPDATE verdicts SET game = ? WHERE match_id = ? AND seq = ?').run(game, id, seq);
  derive(db, id, seq, verdict, current);
}

/** Files every derived row of the match again from its verdicts, in seq order. */
function rederive(db: Db, id: string): void {
  for (const table of ['scores', 'forfeits', 'crashes', 'fouls', 'moves', 'games'])
    db.prepare(`DELETE FROM ${table} WHERE match_id = ?`).run(id);
  db.prepare('UPDATE matches SET result = NULL, games_played = NULL WHERE id = ?').run(id);
  const rows = db.prepare('SELECT seq, json FROM verdicts WHERE match_id = ? ORDER BY seq').all(id) as { seq: number; json: string }[];
  for (const r of rows) fileVerdict(db, id, r.seq, JSON.parse(r.json) as Verdict);
}

function derive(db: Db, id: string, seq: number, v: Verdict, game: number | null): void {
  if (v.type === 'game-started') {
    const [first, second] = Object.entries(v.players);
    if (!first || !second) return;
    db.prepare(
      `INSERT OR IGNORE INTO games (match_id, number, first_side, second_side, first_player, second_player, position, started_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, v.game, first[0], second[0], first[1], second[1], v.position, seq);
    return;
  }
  if (v.type === 'match-over') {
    db.prepare('UPDATE matches SET result = ?, games_played = ? WHERE id = ?').run(v.winner ?? 'draw', v.games, id);
    return;
  }
  if (v.type === 'attributed') {
    // The game's ending and the match's end after it no longer stand; what follows files the new
    // ones (a game-over for the same game fills its row again). The forfeit withdrawn stays: it was called.
    db.prepare(
      `UPDATE games SET result = '*', winner_side = NULL, termination = NULL, points_a = NULL, points_b = NULL, ended_seq = NULL
       WHERE match_id = ? AND number = ?`,
    ).run(id, v.game);
    db.prepare('DELETE FROM scores WHERE match_id = ? AND game = ?').run(id, v.game);
    db.prepare('UPDATE matches SET result = NULL, games_played = NULL WHERE id = ?').run(id);
    return;
  }
  if (game === null) return; // nothing of a game before the first one starts
  const plies = (): number =>
    (db.prepare('SELECT COUNT(*) AS n FROM moves WHERE match_id = ? AND game = ?').get(id, game) as { n: number }).n;
  switch (v.type) {
    case 'move': {
      const extras = Object.fromEntries(Object.entries(v).filter(([k]) => !MOVE_FIELDS.has(k)));
      db.prepare(
        'INSERT INTO moves (match_id, game, ply, seq, at_ms, side, notation, position, extras) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, game, plies() + 1, seq, v.atMs, v.side, v.move, v.position, Object.keys(extras).length ? JSON.stringify(extras) : null);
      return;
    }
    case 'takeback':
      // The moves taken back leave the game's move list (and so SGN); their verdicts stay, and the takeback's with them.
      db.prepare('DELETE FROM moves WHERE match_id = ? AND game = ? AND ply > ?').run(id, game, Math.max(0, plies() - v.plies));
      return;
    case 'foul':
      db.prepare(
        'INSERT INTO fouls (match_id, game, seq, after_ply, at_ms, side, code, message, count, restore) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, game, seq, plies(), v.atMs, v.side, v.code, v.message, v.count, JSON.stringify(v.restore));
      return;
    case 'crash':
      db.prepare(
        'INSERT INTO crashes (match_id, game, seq, after_ply, at_ms, loser, toward, during, well) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, game, seq, plies(), v.atMs, v.loser, v.toward, v.during, v.well ?? null);
      return;
    case 'forfeit':
      db.prepare(
        'INSERT INTO forfeits (match_id, game, seq, after_ply, at_ms, loser, reason, message) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(id, game, seq, plies(), v.atMs, v.loser, v.reason, v.message);
      return;
    case 'game-over': {
      const row = db.prepare('SELECT first_side, second_side FROM games WHERE match_id = ? AND number = ?').get(id, v.game) as
        { first_side: string; second_side: string } | undefined;
      if (!row) return;
      const result = v.winner === undefined ? '1/2-1/2' : v.winner === row.first_side ? '1-0' : '0-1';
      const points = v.awarded ?? {
        A: v.winnerPlayer === 'A' ? v.points : 0,
        B: v.winnerPlayer === 'B' ? v.points : 0,
      };
      db.prepare(
        `UPDATE games SET result = ?, winner_side = ?, termination = ?, points_a = ?, points_b = ?, ended_seq = ?
         WHERE match_id = ? AND number = ?`,
      ).run(result, v.winner ?? null, v.reason, points.A, points.B, seq, id, v.game);
      db.prepare('INSERT OR REPLACE INTO scores (match_id, game, score_a, score_b) VALUES (?, ?, ?, ?)').run(
        id,
        v.game,
        v.score.A,
        v.score.B,
      );
      return;
    }
    default:
      return;
  }
}
