import { describe, expect, it } from 'vitest';
import {
  START_POSITION,
  checkMove,
  describeMove,
  divide,
  formatMove,
  formatPosition,
  gameStatus,
  legalMoves,
  movesFrom,
  parseLegalMove,
  parsePosition,
  parseSquare,
  perft,
  positionAfter,
  startPosition,
  type Position,
} from '../../../../src/games/breakthrough/rules/index.ts';
import { Rng } from '../../../../src/util/rng.ts';

const pos = (text: string): Position => {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};
const sq = (name: string): number => parseSquare(name)!;

/** Perft the slow way, through the public API alone: the reference the fast search is held to. */
function naivePerft(p: Position, depth: number): number {
  if (depth === 0) return 1;
  if (gameStatus(p).kind === 'over') return 0;
  return legalMoves(p).reduce((n, m) => n + naivePerft(positionAfter(p, m), depth - 1), 0);
}

/** The same position seen from the other side: ranks flipped, colours swapped. */
function swapped(p: Position): Position {
  const board = new Int8Array(36);
  for (let s = 0; s < 36; s++) {
    const c = p.board[s]!;
    board[(5 - Math.floor(s / 6)) * 6 + (s % 6)] = c === 0 ? 0 : 3 - c;
  }
  return { board, turn: p.turn === 'white' ? 'black' : 'white' };
}

describe('Breakthrough rules core (6×6)', () => {
  it('starts with two ranks each, White to move, and its notation round-trips', () => {
    expect(formatPosition(startPosition())).toBe(START_POSITION);
    for (const text of [START_POSITION, '6/2b3/6/1w4/6/6 b', 'b5/6/6/6/6/5w w']) expect(formatPosition(pos(text))).toBe(text);
  });

  it('refuses a bad position with a code', () => {
    const bad = (t: string) => {
      const p = parsePosition(t);
      return p.ok ? 'ok' : p.error.code;
    };
    expect(bad('')).toBe('Empty');
    expect(bad('6/6/6/6/6/6')).toBe('WrongFieldCount');
    expect(bad('6/6/6/6/6 w')).toBe('WrongRankCount');
    expect(bad('6/6/6/6/6/5x w')).toBe('BadCharacter');
    expect(bad('6/6/6/6/6/6 x')).toBe('BadTurn');
    expect(bad('wwwwww/wwwwww/w5/6/6/6 w')).toBe('TooManyPieces');
  });

  it('steps forward straight or diagonally, and captures diagonally only', () => {
    const p = pos('6/6/2b3/2w3/6/6 w'); // White c3, Black c4
    expect(movesFrom(p, sq('c3')).map(formatMove)).toEqual(['c3-b4', 'c3-d4']);
    const q = pos('6/6/1b1b2/2w3/6/6 w'); // Black b4 and d4: both captures
    expect(movesFrom(q, sq('c3')).map(formatMove)).toEqual(['c3xb4', 'c3-c4', 'c3xd4']);
    expect(legalMoves(pos('6/6/6/2b3/6/6 b')).map(formatMove)).toEqual(['c3-b2', 'c3-c2', 'c3-d2']);
  });

  it('says which rule an illegal move breaks', () => {
    const p = pos('6/6/2b3/2w3/6/6 w');
    const code = (text: string) => {
      const m = parseLegalMove(p, text);
      return m.ok ? 'ok' : m.error.reason;
    };
    expect(code('c3xc4')).toBe('StraightCapture');
    expect(code('c3-c5')).toBe('NotForward');
    expect(code('c3-c2')).toBe('NotForward');
    expect(code('a1-a2')).toBe('NoPiece');
    expect(code('c4-c3')).toBe('NotYourPiece');
    expect(code('c3xd4')).toBe('NothingToCapture');
    expect(checkMove(pos('6/6/6/1b4/2w3/6 w'), { from: sq('c2'), to: sq('b3'), capture: false }).ok).toBe(false);
  });

  it('ends by a breakthrough or by capturing every piece; a game over has no moves to count', () => {
    expect(gameStatus(pos('2w3/6/6/6/b5/6 b'))).toEqual({ kind: 'over', winner: 'white', reason: 'breakthrough' });
    expect(gameStatus(pos('6/6/6/6/1w4/6 b'))).toEqual({ kind: 'over', winner: 'white', reason: 'all-captured' });
    // Blocked straight ahead, a piece still has a diagonal: a side with pieces always has a move.
    expect(legalMoves(pos('6/6/6/b5/w5/6 w')).map(formatMove)).toEqual(['a2-b3']);
    expect(gameStatus(startPosition())).toEqual({ kind: 'playing', turn: 'white' });
    expect(perft(pos('2w3/6/6/6/b5/6 b'), 1)).toBe(0);
    expect(divide(pos('2w3/6/6/6/b5/6 b'), 1)).toEqual([]);
  });

  it('says what a move leads to', () => {
    const p = pos('6/1b4/2w3/6/6/6 w');
    const outcome = (text: string) => {
      const m = parseLegalMove(p, text);
      if (!m.ok) throw new Error(m.error.message);
      return describeMove(p, m.value);
    };
    expect(outcome('c4-c5')).toBe('none');
    expect(outcome('c4xb5')).toBe('white wins (all-captured)');
    expect(describeMove(pos('6/3w2/6/b5/6/6 w'), { from: sq('d5'), to: sq('d6'), capture: false })).toBe('white wins (breakthrough)');
    expect(describeMove(pos('6/2b3/1w4/6/6/6 w'), { from: sq('b4'), to: sq('c5'), capture: true })).toBe('white wins (all-captured)');
  });

  it('perft from the start: 16, 256, 4308, 71478, and the fast search agrees with the naive one', () => {
    expect([1, 2, 3, 4].map((d) => perft(startPosition(), d))).toEqual([16, 256, 4308, 71478]);
    for (let d = 0; d <= 4; d++) expect(perft(startPosition(), d)).toBe(naivePerft(startPosition(), d));
    expect(divide(startPosition(), 2).reduce((n, l) => n + l.count, 0)).toBe(perft(startPosition(), 2));
  });

  it('on random positions: the fast perft equals the naive one, and each side sees the mirror of the other', () => {
    const rng = new Rng(23);
    for (let game = 0; game < 30; game++) {
      let p = startPosition();
      const plies = rng.int(0, 24);
      for (let i = 0; i < plies && gameStatus(p).kind === 'playing'; i++) {
        const moves = legalMoves(p);
        p = positionAfter(p, moves[rng.int(0, moves.length - 1)]!);
      }
      expect(perft(p, 3)).toBe(naivePerft(p, 3));
      expect(perft(swapped(p), 3)).toBe(perft(p, 3));
      expect(formatPosition(pos(formatPosition(p)))).toBe(formatPosition(p));
    }
  });
});
