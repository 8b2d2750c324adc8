// Filing verdicts: the rows each implies, and idempotence by (match id, seq).
import { describe, expect, it } from 'vitest';
import { dump, tempStore } from './helpers.ts';
import { INFO, NUMBERED, VERDICTS } from './fixtures.ts';

describe('recordVerdict', () => {
  it('files a verdict once: the same (match, seq) again writes nothing, derived rows included', () => {
    const store = tempStore();
    for (const { seq, verdict } of NUMBERED.slice(0, 3)) expect(store.recordVerdict(INFO, seq, verdict)).toBe(true);
    const before = dump(store);
    expect(store.recordVerdict(INFO, 3, VERDICTS[2]!)).toBe(false);
    expect(store.recordVerdict(INFO, 2, VERDICTS[1]!)).toBe(false);
    expect(dump(store)).toEqual(before);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM verdicts').get()).toEqual({ n: 3 });
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM moves').get()).toEqual({ n: 1 });
    store.close();
  });

  it('gives the same rows whatever order the verdicts arrive in (a hub hears them late or twice)', () => {
    const inOrder = tempStore();
    for (const { seq, verdict } of NUMBERED) inOrder.recordVerdict(INFO, seq, verdict);
    const shuffled = tempStore();
    const order = [3, 0, 13, 5, 1, 2, 9, 4, 12, 6, 8, 7, 11, 10, 3, 0];
    for (const i of order) shuffled.recordVerdict(INFO, NUMBERED[i]!.seq, NUMBERED[i]!.verdict);
    // The verdict rows sit in the order they came; everything else is as if they came in order.
    const bySeq = (rows: ReturnType<typeof dump>) => ({
      ...rows,
      verdicts: [...rows.verdicts].sort((a, b) => (a as { seq: number }).seq - (b as { seq: number }).seq),
    });
    expect(bySeq(dump(shuffled))).toEqual(dump(inOrder));
    inOrder.close();
    shuffled.close();
  });

  it('derives games, moves with their extras, fouls, crashes, forfeits, scores and the result', () => {
    const store = tempStore();
    for (const { seq, verdict } of NUMBERED) store.recordVerdict(INFO, seq, verdict);
    const rows = dump(store);
    expect(rows.verdicts).toHaveLength(VERDICTS.length);
    expect(rows.boards).toEqual([{ id: 1, key: '0000002A', profile: 'reference-mega-2560' }]);
    expect(rows.players).toEqual([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Bo' },
    ]);
    expect(rows.matches).toMatchObject([{ id: INFO.matchId, result: 'B', games_played: 2, site: 'port /dev/ttyACM0' }]);
    expect(rows.games).toMatchObject([
      { number: 1, first_side: 'white', first_player: 'A', result: '0-1', termination: 'crash', points_a: 0, points_b: 2 },
      { number: 2, first_side: 'white', first_player: 'B', result: '1-0', termination: 'no-move', points_a: 0, points_b: 1 },
    ]);
    expect(rows.moves).toMatchObject([
      {
        game: 1,
        ply: 1,
        side: 'white',
        notation: 'b1-a2',
        position: 'p1',
        at_ms: 100,
        extras: '{"balance":{"tipMargin":{"white":1.5,"black":2}}}',
      },
      { game: 1, ply: 2, side: 'black', notation: 'g6-f5', at_ms: 200 },
      { game: 1, ply: 3, side: 'black', notation: 'f5-e4', extras: null },
      { game: 2, ply: 1, side: 'white', notation: 'a1-b2' },
    ]);
    expect(rows.fouls).toMatchObject([{ game: 1, seq: 4, after_ply: 1, side: 'black', code: 'TouchMove', count: 1 }]);
    expect(rows.crashes).toMatchObject([{ game: 1, after_ply: 3, loser: 'white', toward: 'black', during: 'place', well: 'c3' }]);
    expect(rows.forfeits).toMatchObject([{ game: 2, after_ply: 1, loser: 'black', reason: 'no-move' }]);
    expect(rows.scores).toMatchObject([
      { game: 1, score_a: 0, score_b: 2 },
      { game: 2, score_a: 0, score_b: 3 },
    ]);
    expect(rows.verdicts.map((v) => (v as { game: number | null }).game)).toEqual([null, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    store.close();
  });

  it('lists by board, player and start, and shows a match with its games', () => {
    const store = tempStore();
    for (const { seq, verdict } of NUMBERED) store.recordVerdict(INFO, seq, verdict);
    const other = {
      ...INFO,
      matchId: 'later',
      startedAt: '2026-12-02T09:00:00.000Z',
      players: { A: 'Cy', B: 'Bo' },
      board: { key: 'FF', site: 'x' },
    };
    store.recordMatch(other);
    expect(store.list().map((m) => m.matchId)).toEqual([INFO.matchId, 'later']);
    expect(store.list({ board: 'FF' }).map((m) => m.matchId)).toEqual(['later']);
    expect(store.list({ board: 'reference-mega-2560' }).map((m) => m.matchId)).toEqual([INFO.matchId]);
    expect(store.list({ player: 'Bo' })).toHaveLength(2);
    expect(store.list({ player: 'Ada' }).map((m) => m.matchId)).toEqual([INFO.matchId]);
    expect(store.list({ since: '2026-12-01T00:00:00.000Z' }).map((m) => m.matchId)).toEqual(['later']);
    expect(store.list({ player: 'nobody' })).toEqual([]);
    const shown = store.match(INFO.matchId)!;
    expect(shown.info).toEqual(INFO);
    expect(shown.result).toBe('B');
    expect(shown.games.map((g) => [g.number, g.result, g.score, g.events.map((e) => e.kind)])).toEqual([
      [1, '0-1', { A: 0, B: 2 }, ['move', 'foul', 'move', 'move', 'crash']],
      [2, '1-0', { A: 0, B: 3 }, ['move', 'forfeit']],
    ]);
    expect(store.match('nope')).toBeUndefined();
    store.close();
  });
});
