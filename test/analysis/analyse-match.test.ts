// The analysis on constructed Senryaku games: a move that leaves the coloured sphere to be
// captured where the sphere could step away is marked lost; the same move where every move
// loses is not; a move that crashes the board where another does not is marked crash, as is
// a crash the record ends with; the scores are the first side's and the same on every run.
import { describe, expect, it } from 'vitest';
import { analyseRecord, runThrough } from '../../src/analysis/analyse-match.ts';
import type { AnalysisLimits } from '../../src/analysis/analyse-game.ts';
import type { SourcedVerdict } from '../../src/analysis/recorded-games.ts';
import { rulesetById } from '../../src/games/registry.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

const found = rulesetById('senryaku');
if (!found.ok || !found.value.engine) throw new Error('senryaku has an engine');
const ENGINE = found.value.engine;
const LIMITS: AnalysisLimits = { depth: 3 };

/** Black's coloured sphere on d4, attacked by White's c3: d4-e3 or d4-e4 steps out of reach, anything else loses it. */
const ESCAPE = 'b6/7/3B3/2w4/7/6W b - -';
/** Black's coloured sphere on a4, attacked by White's b3 wherever it goes: every move loses. */
const TRAPPED = 'b6/7/B6/1w5/7/6W b - -';
/** The board leans toward White: lifting a6 tips it, and so does placing d4 forward; d4-c4 and d4-e4 stand. */
const LEANING = 'b6/7/3B3/7/w6/1w1W3 b - -';

let seq = 0;
type Untimed<V> = V extends unknown ? Omit<V, 'atMs'> : never;
const at = (verdict: Untimed<Verdict>, line?: number): SourcedVerdict => ({
  verdict: { atMs: seq++, ...verdict },
  ...(line !== undefined ? { line } : {}),
});
const start = (position: string, game = 1): SourcedVerdict =>
  at({ type: 'game-started', game, players: { white: 'A', black: 'B' }, position }, 10 * game);
const move = (side: string, m: string, line?: number): SourcedVerdict => at({ type: 'move', side, move: m, position: '' }, line);

function analyse(verdicts: SourcedVerdict[], limits = LIMITS) {
  const result = runThrough(analyseRecord(ENGINE, verdicts, limits));
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('analyseRecord', () => {
  it('marks a move that lost the coloured sphere when it could have stepped away', () => {
    const a = analyse([start(ESCAPE), move('black', 'a6-a5', 11), move('white', 'c3xd4', 12)]);
    const [blunder, capture] = a.games[0]!.plies;
    expect(blunder).toMatchObject({ ply: 1, side: 'black', player: 'B', move: 'a6-a5', mark: 'lost', line: 11 });
    expect(['d4-e3', 'd4-e4']).toContain(blunder!.best);
    // White wins next move after it; after the best move nobody does.
    expect(blunder!.after).toEqual({ kind: 'win', side: 'white', moves: 1 });
    expect(blunder!.bestAfter?.kind).toBe('cp');
    expect(blunder!.before?.kind).toBe('cp');
    expect(capture).toMatchObject({ ply: 2, side: 'white', move: 'c3xd4', best: 'c3xd4', after: { kind: 'win', side: 'white', moves: 0 } });
    expect(capture!.mark).toBeUndefined();
    expect(a.mistakes).toEqual({ A: 0, B: 1 });
  });

  it('does not mark a move that keeps the sphere, nor a move where every move loses', () => {
    const escaped = analyse([start(ESCAPE), move('black', 'd4-e4')]);
    expect(escaped.games[0]!.plies[0]!.mark).toBeUndefined();
    const trapped = analyse([start(TRAPPED), move('black', 'a6-a5'), move('white', 'b3xa4')]);
    const [forced] = trapped.games[0]!.plies;
    expect(forced!.before).toEqual({ kind: 'win', side: 'white', moves: 1 });
    expect(forced!.after).toEqual({ kind: 'win', side: 'white', moves: 1 });
    expect(forced!.mark).toBeUndefined();
    expect(trapped.mistakes).toEqual({ A: 0, B: 0 });
  });

  it('marks a move that crashes the board where another does not, and a crash the record ends with', () => {
    const moved = analyse([start(LEANING), move('black', 'a6-a5')]);
    expect(moved.games[0]!.plies[0]).toMatchObject({ move: 'a6-a5', mark: 'crash', after: { kind: 'win', side: 'white', moves: 0 } });
    expect(['d4-c4', 'd4-e4']).toContain(moved.games[0]!.plies[0]!.best);
    const crashed = analyse([start(LEANING), at({ type: 'crash', loser: 'black', toward: 'white', during: 'lift', well: 'a6' }, 13)]);
    const [row] = crashed.games[0]!.plies;
    expect(row).toMatchObject({ ply: 1, side: 'black', player: 'B', crash: { during: 'lift', well: 'a6' }, mark: 'crash', line: 13 });
    expect(row!.move).toBeUndefined();
    expect(crashed.mistakes).toEqual({ A: 0, B: 1 });
  });

  it('drops the moves taken back, and analyses each game from its own start', () => {
    const a = analyse([
      start(ESCAPE),
      move('black', 'a6-a5'),
      at({ type: 'takeback', side: 'black', plies: 1, moves: [{ side: 'black', move: 'a6-a5' }], position: ESCAPE }),
      move('black', 'd4-e4'),
      start(TRAPPED, 2),
      move('black', 'a4-b4'),
    ]);
    expect(a.games.map((g) => g.plies.map((p) => p.move))).toEqual([['d4-e4'], ['a4-b4']]);
    expect(a.games.map((g) => g.start)).toEqual([ESCAPE, TRAPPED]);
    expect(a.mistakes).toEqual({ A: 0, B: 0 });
  });

  it('gives the same analysis on every run, with a node budget too', () => {
    const record = [start(ESCAPE), move('black', 'a6-b5'), move('white', 'g1-f2'), move('black', 'd4-e4')];
    expect(analyse(record, { nodes: 3000 })).toEqual(analyse(record, { nodes: 3000 }));
    expect(analyse(record)).toEqual(analyse(record));
  });

  it('refuses an illegal move, a move out of turn and a move before any game, each with its line and a code', () => {
    const problem = (verdicts: SourcedVerdict[]) => {
      const r = runThrough(analyseRecord(ENGINE, verdicts, LIMITS));
      return r.ok ? undefined : r.error;
    };
    expect(problem([start(ESCAPE), move('black', 'd4-d6', 21)])).toMatchObject({ code: 'IllegalMove', line: 21 });
    expect(problem([start(ESCAPE), move('black', 'zz', 22)])).toMatchObject({ code: 'IllegalMove', line: 22 });
    expect(problem([start(ESCAPE), move('white', 'c3-c4', 23)])).toMatchObject({ code: 'WrongSide', line: 23 });
    expect(problem([move('white', 'c1-c2', 24)])).toMatchObject({ code: 'NoGame', line: 24 });
    expect(problem([start('not a position')])).toMatchObject({ code: 'BadPosition', line: 10 });
    expect(problem([start(ESCAPE), at({ type: 'move', side: 'black' } as unknown as Verdict, 25)])).toMatchObject({
      code: 'BadVerdict',
      line: 25,
    });
  });
});
