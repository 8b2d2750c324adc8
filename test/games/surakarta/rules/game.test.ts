import { describe, expect, it } from 'vitest';
import {
  agreedResult,
  applyGameMove,
  applyGamePass,
  endByAgreement,
  gameStatus,
  moveLines,
  moveOutcome,
  noMoveText,
  parseLegalMove,
  parsePoint,
  playPass,
  startPosition,
  type Game,
} from '../../../../src/games/surakarta/rules/index.ts';
import { setup } from './helpers.ts';

const P = (name: string) => parsePoint(name)!;

const move = (game: Game, text: string) => {
  const m = parseLegalMove(game.position, text);
  if (!m.ok) throw new Error(m.error.message);
  const r = applyGameMove(game, m.value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('game status', () => {
  it('the start is Light to move', () => {
    expect(gameStatus({ position: startPosition() })).toEqual({ kind: 'playing', turn: 'light' });
    expect(move({ position: startPosition() }, 'c2-c3').game.position.turn).toBe('dark');
  });

  it('a capture removes the enemy piece and says how many it has left', () => {
    const { game, outcome } = move({ position: setup(['a2', 'c2'], ['b3', 'f6']) }, 'a2xb3');
    expect(outcome).toEqual({ kind: 'capture', captured: P('b3'), left: 1 });
    expect(game.position.board[P('b3')]).toBe(1); // Light's piece from a2
    expect(game.position.board[P('a2')]).toBe(0);
    expect(gameStatus(game)).toEqual({ kind: 'playing', turn: 'dark' });
  });

  it('taking the last enemy piece wins; the game is then over', () => {
    const { game, outcome } = move({ position: setup(['a2', 'c2'], ['b3']) }, 'a2xb3');
    expect(outcome).toEqual({ kind: 'win', captured: P('b3'), winner: 'light' });
    expect(gameStatus(game)).toEqual({ kind: 'over', winner: 'light', reason: 'all-captured', pieces: { light: 2, dark: 0 } });
    expect(applyGameMove(game, { from: P('b3'), to: P('b4'), capture: false })).toMatchObject({ ok: false, error: { code: 'GameOver' } });
    expect(applyGamePass(game)).toMatchObject({ ok: false, error: { code: 'GameOver' } });
  });

  it('a position where a side has no pieces is over, whoever is to move', () => {
    expect(gameStatus({ position: setup(['a1'], [], 'dark') })).toMatchObject({ kind: 'over', winner: 'light', reason: 'all-captured' });
  });

  it('a side with no legal move passes, and only then', () => {
    // Light's a1 (on no circuit) is boxed in by Dark's a2, b1, b2.
    const game = { position: setup(['a1'], ['a2', 'b1', 'b2', 'f6']) };
    expect(gameStatus(game)).toEqual({ kind: 'must-pass', turn: 'light' });
    expect(moveLines(game.position)).toEqual([]);
    expect(noMoveText(game.position)).toBe('no legal move: light passes');
    const passed = applyGamePass(game);
    expect(passed.ok && passed.value.position.turn).toBe('dark');
    expect(passed.ok && gameStatus(passed.value)).toEqual({ kind: 'playing', turn: 'dark' });
    expect(playPass(startPosition())).toMatchObject({ ok: false, error: { code: 'HasMoves' } });
  });

  it('ends by agreement: more pieces in play wins, equal counts draw', () => {
    expect(agreedResult(startPosition())).toEqual({ winner: undefined, reason: 'agreement', pieces: { light: 12, dark: 12 } });
    const ended = endByAgreement({ position: setup(['a1', 'b1'], ['f6'], 'dark') });
    expect(ended.ok && gameStatus(ended.value)).toEqual({
      kind: 'over',
      winner: 'light',
      reason: 'agreement',
      pieces: { light: 2, dark: 1 },
    });
    if (ended.ok) expect(endByAgreement(ended.value)).toMatchObject({ ok: false, error: { code: 'GameOver' } });
  });

  it('an illegal move leaves the game as it was', () => {
    const game = { position: startPosition() };
    expect(applyGameMove(game, { from: P('a2'), to: P('a4'), capture: false })).toMatchObject({ ok: false, error: { code: 'NotAStep' } });
    expect(gameStatus(game)).toEqual({ kind: 'playing', turn: 'light' });
  });
});

describe('moves listing', () => {
  it('lists every legal move by notation with what it leads to', () => {
    const pos = setup(['a2', 'c2'], ['b3', 'f6']);
    const lines = moveLines(pos);
    expect(lines.map((l) => l.notation)).toEqual([...lines.map((l) => l.notation)].sort());
    expect(lines.find((l) => l.notation === 'a2xb3')?.outcomeText).toBe('capture: dark has 1 left');
    expect(lines.find((l) => l.notation === 'a2-a3')?.outcomeText).toBe('none');
    const last = moveLines(setup(['a2', 'c2'], ['b3']));
    expect(last.find((l) => l.notation === 'a2xb3')?.outcomeText).toBe('capture of the last piece: light wins');
    expect(moveOutcome(pos, { from: P('a2'), to: P('a3'), capture: false })).toEqual({ kind: 'none' });
  });
});
