import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WON } from '../../../../src/games/senryaku/engine/evaluate.ts';
import { startPosition } from '../../../../src/games/senryaku/rules/index.ts';
import { arbitraryPosition, mirrorFiles, spn, swapSides } from '../rules/helpers.ts';
import { MIDGAME_SPNS, TIPPY, newBoard } from './helpers.ts';

const evalOf = (text: string, model = undefined as typeof TIPPY | undefined): number => newBoard(spn(text), model).evaluate();

describe("Senryaku's evaluation", () => {
  it('is the same game seen from the other seat: colours swapped, or files mirrored', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        const v = newBoard(pos).evaluate();
        expect(newBoard(swapSides(pos)).evaluate()).toBe(v);
        expect(newBoard(mirrorFiles(pos)).evaluate()).toBe(v);
      }),
      { numRuns: 300 },
    );
    expect(newBoard(startPosition()).evaluate()).toBe(0);
  });

  it('stays between a lost and a won position', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        const v = newBoard(pos).evaluate();
        expect(Math.abs(v)).toBeLessThanOrEqual(WON);
      }),
      { numRuns: 300 },
    );
  });

  it('a capture the side to move can make without crashing is won; one that crashes is not', () => {
    expect(evalOf('7/7/3B3/3W3/7/7 w - -')).toBe(WON);
    // The same from Black's side: its coloured sphere on d4 takes d3 (forward for Black).
    expect(evalOf('7/7/3B3/3W3/7/7 b - -')).toBe(WON);
    // The capturer is locked: no capture this turn.
    expect(evalOf('7/7/3B3/3w3/7/3W3 w d3 -')).toBeLessThan(WON);
    // On the tippy board, lifting Black's heavy coloured sphere from d6 tips it toward White: that capture crashes.
    expect(evalOf('3B3/3w3/7/7/7/3W3 w - -', TIPPY)).toBeLessThan(WON);
    expect(evalOf('3B3/3w3/7/7/7/3W3 w - -')).toBe(WON);
  });

  it('a side to move whose every move crashes has lost', () => {
    expect(evalOf('bb1B3/7/7/7/7/wwwW3 b - -')).toBe(-WON);
    expect(evalOf('Wb5/7/7/7/7/w5B w a1 -')).toBe(-WON);
  });

  it('a capture threat against the side to move costs it, more when its coloured sphere cannot step away', () => {
    // Black's b4 sphere is beside White's coloured sphere on c4 and may capture it next turn (left, for Black).
    const threatened = evalOf('bbbBbb1/7/1b5/2W4/7/wwwwww1 w - -');
    // The same sphere locked (Black moved it last): the capture must wait a turn.
    const delayed = evalOf('bbbBbb1/7/1b5/2W4/7/wwwwww1 w - b4');
    expect(threatened).toBeLessThan(delayed - 100);
    // White's coloured sphere on a5 between its own a6 and b6 and Black's b5: nowhere to step, cornered.
    const cornered = evalOf('ww1B3/Wb5/7/7/7/wwww3 w - -');
    expect(cornered).toBeLessThan(threatened - 500);
    expect(cornered).toBeGreaterThan(-WON);
    // Black's b6 beside White's coloured sphere in the a6 corner is no threat: lifting a6 then b6 would tip the board toward White.
    expect(evalOf('Wb1B3/7/7/7/7/wwww3 w - -')).toBeGreaterThan(0);
  });

  it('says won exactly where the side to move has a standing capture', () => {
    for (const text of MIDGAME_SPNS) {
      const b = newBoard(spn(text));
      const moves = new Int32Array(b.maxMoves);
      const n = b.generate(moves);
      let wins = false;
      for (let i = 0; i < n; i++) {
        if (b.make(moves[i]!) === 'mover-wins') wins = true;
        b.unmake(moves[i]!);
      }
      const v = b.evaluate();
      expect(v === WON, text).toBe(wins);
      if (!wins) expect(Math.abs(v), text).toBeLessThan(WON / 2);
    }
  });
});
