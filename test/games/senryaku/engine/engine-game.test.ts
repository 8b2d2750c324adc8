import { describe, expect, it } from 'vitest';
import { SENRYAKU_ENGINE, senryakuEngine } from '../../../../src/games/senryaku/engine/engine-game.ts';
import type { SenryakuSearchBoard } from '../../../../src/games/senryaku/engine/search-board.ts';
import { SENRYAKU } from '../../../../src/games/senryaku/index.ts';
import { BalanceModel, DEFAULT_PROFILE, START_SPN, formatSpn } from '../../../../src/games/senryaku/rules/index.ts';
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { MIDGAME_SPNS } from './helpers.ts';

const loaded = (position: string, moves: readonly string[] = []): SearchBoard => {
  const r = SENRYAKU_ENGINE.load(position, moves);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const spnOf = (b: SearchBoard): string => formatSpn((b as SenryakuSearchBoard).position());
const movesOf = (b: SearchBoard): number[] => {
  const out = new Int32Array(b.maxMoves);
  return Array.from(out.subarray(0, b.generate(out)));
};

describe("Senryaku's engine game", () => {
  it("is the descriptor's engine, with the game's id and start", () => {
    expect(SENRYAKU.engine).toBe(SENRYAKU_ENGINE);
    expect(SENRYAKU_ENGINE.id).toBe(SENRYAKU.id);
    expect(SENRYAKU_ENGINE.startPosition).toBe(START_SPN);
  });

  it('loads a position and plays the moves through the rules core (the lock included)', () => {
    const b = loaded(START_SPN, ['d1-d2', 'c6-c5', 'c1-c2']);
    expect(spnOf(b)).toBe('bb1Bbbb/2b4/7/7/2wW3/ww2www b c2 c5');
    expect(b.turn()).toBe('black');
  });

  it('names a bad position, a bad move, an illegal move and a move after the end', () => {
    const problem = (position: string, moves: string[]) => {
      const r = SENRYAKU_ENGINE.load(position, moves);
      return r.ok ? undefined : r.error;
    };
    expect(problem('bbbBbbb/7/7/7/wwwWwww w - -', [])).toMatchObject({ code: 'BadPosition', message: expect.stringContaining('ranks') });
    expect(problem(START_SPN, ['d1-d2', 'd1d3'])).toMatchObject({ code: 'BadMove', message: expect.stringMatching(/^move 2 \(d1d3\): /) });
    expect(problem(START_SPN, ['d1-d2', 'h6-h5'])).toMatchObject({
      code: 'BadMove',
      message: expect.stringContaining("'h6' is not a well"),
    });
    expect(problem(START_SPN, ['c1-c2', 'c6-c5', 'c2-c3'])).toMatchObject({
      code: 'IllegalMove',
      message: expect.stringMatching(/^move 3 \(c2-c3\): .*moved last turn/),
    });
    expect(problem(START_SPN, ['d6-d5'])).toMatchObject({ code: 'IllegalMove', message: expect.stringContaining("not white's") });
    // White's d3 sphere takes Black's coloured sphere on d4: the game is over, before and after another move.
    const capture = '7/7/3B3/3W3/7/7 w - -';
    expect(problem(capture, ['d3xd4'])).toMatchObject({ code: 'GameOver', message: 'the game is over: white won by capture' });
    expect(problem(capture, ['d3xd4', 'a6-a5'])).toMatchObject({
      code: 'GameOver',
      message: expect.stringMatching(/^move 2 \(a6-a5\): the game is over/),
    });
    // Every black lift crashes here: a crash ends the game too.
    const crash = 'bb1B3/7/7/7/7/wwwW3 b - -';
    expect(problem(crash, ['a6-a5'])).toMatchObject({ code: 'GameOver', message: 'the game is over: white won by crash' });
  });

  it('loads a position whose side to move has no move: the search answers it with none', () => {
    const b = loaded('Wb5/7/7/7/7/w5B w a1 -');
    expect(movesOf(b)).toEqual([]);
    expect(SENRYAKU_ENGINE.parseMove(b, 'a6-b6')).toMatchObject({ ok: false, error: { code: 'GameOver' } });
  });

  it('formatMove and parseMove round-trip every legal move, captures included', () => {
    for (const text of [START_SPN, ...MIDGAME_SPNS, '7/7/3B3/3W3/7/7 w - -']) {
      const b = loaded(text);
      const moves = movesOf(b);
      expect(moves.length).toBeGreaterThan(0);
      for (const m of moves) {
        const notation = SENRYAKU_ENGINE.formatMove(b, m);
        expect(notation).toMatch(/^[a-g][1-6][-x][a-g][1-6]$/);
        expect(SENRYAKU_ENGINE.parseMove(b, notation)).toEqual({ ok: true, value: m });
      }
    }
    expect(
      SENRYAKU_ENGINE.formatMove(
        loaded('7/7/3B3/3W3/7/7 w - -'),
        movesOf(loaded('7/7/3B3/3W3/7/7 w - -')).find((m) => m & 4096)!,
      ),
    ).toBe('d3xd4');
  });

  it('parseMove refuses what is not a legal move of the side to move, saying why', () => {
    const b = loaded(START_SPN, ['c1-c2', 'c6-c5']);
    expect(SENRYAKU_ENGINE.parseMove(b, 'c2c3')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(SENRYAKU_ENGINE.parseMove(b, 'c2-c3')).toMatchObject({
      ok: false,
      error: { code: 'IllegalMove', message: expect.stringContaining('moved last turn') },
    });
    expect(SENRYAKU_ENGINE.parseMove(b, 'd1-d3')).toMatchObject({ ok: false, error: { code: 'IllegalMove' } });
    expect(SENRYAKU_ENGINE.parseMove(b, 'c5-c4')).toMatchObject({
      ok: false,
      error: { code: 'IllegalMove', message: expect.stringContaining("not white's") },
    });
    const capture = loaded('7/7/3B3/3W3/7/7 w - -');
    expect(SENRYAKU_ENGINE.parseMove(capture, 'd3-d4')).toMatchObject({
      ok: false,
      error: { code: 'IllegalMove', message: expect.stringContaining('that move is the capture d3xd4') },
    });
  });

  it('judges moves on the board profile it was made for', () => {
    const verdicts = (b: SearchBoard) =>
      movesOf(b).map((m) => {
        const end = b.make(m);
        b.unmake(m);
        return end;
      });
    // No gap between the pinnacles: the start stands, every lift tips it.
    const knifeEdge = senryakuEngine(BalanceModel.fromProfile({ ...DEFAULT_PROFILE, halfGap: 0 }));
    const onKnife = knifeEdge.load(START_SPN, []);
    if (!onKnife.ok) throw new Error(onKnife.error.message);
    expect(verdicts(onKnife.value)).toEqual(Array(19).fill('mover-loses'));
    expect(knifeEdge.load(START_SPN, ['d1-d2'])).toMatchObject({
      ok: false,
      error: { code: 'GameOver', message: 'the game is over: black won by crash' },
    });
    expect(verdicts(loaded(START_SPN))).toEqual(Array(19).fill('continues'));
  });
});
