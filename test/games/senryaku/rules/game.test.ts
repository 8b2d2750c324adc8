import { describe, expect, it } from 'vitest';
import {
  POINTS_FOR,
  applyGameMove,
  gameStatus,
  parseLegalMove,
  parseWell,
  startPosition,
  type Game,
} from '../../../../src/games/senryaku/rules/index.ts';
import { spn } from './helpers.ts';

const W = (name: string) => parseWell(name)!;
const move = (game: Game, text: string) => {
  const m = parseLegalMove(game.position, text);
  if (!m.ok) throw new Error(m.error.message);
  const r = applyGameMove(game, m.value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
};

describe('game status', () => {
  it('the start is White to move', () => {
    expect(gameStatus({ position: startPosition() })).toEqual({ kind: 'playing', turn: 'white' });
  });

  it('a side with no legal move loses at the start of its turn', () => {
    // White's coloured sphere on a6 is boxed in by b6; its only plain sphere is locked.
    const game = { position: spn('Wb5/7/7/7/7/w5B w a1 -') };
    expect(gameStatus(game)).toEqual({ kind: 'over', winner: 'black', reason: 'no-move', points: 1 });
  });

  it('a capture wins 2 points and ends the game', () => {
    const game = move({ position: spn('7/2B4/2W4/7/7/7 w - -') }, 'c4xc5');
    expect(gameStatus(game)).toEqual({ kind: 'over', winner: 'white', reason: 'capture', points: 2 });
    const r = applyGameMove(game, { from: W('c5'), to: W('c6'), capture: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'GameOver' } });
  });

  it('a crash loses: 1 point to the other side', () => {
    const game = move({ position: spn('b2B3/7/2w4/7/3W3/7 w - -') }, 'c4-c5');
    expect(gameStatus(game)).toEqual({ kind: 'over', winner: 'black', reason: 'crash', points: 1 });
  });

  it('points per result follow the rulings', () => {
    expect(POINTS_FOR).toEqual({ capture: 2, crash: 1, 'no-move': 1, holding: 1, fouls: 1 });
  });

  it('an illegal move leaves the game as it was', () => {
    const game = { position: startPosition() };
    const r = applyGameMove(game, { from: W('d1'), to: W('d3'), capture: false });
    expect(r).toMatchObject({ ok: false, error: { code: 'NotADirection' } });
    expect(gameStatus(game)).toEqual({ kind: 'playing', turn: 'white' });
  });
});
