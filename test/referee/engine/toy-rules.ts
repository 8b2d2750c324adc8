/**
 * A third game for the referee engine's own tests, written only against its interface
 * (src/referee/rules.ts): "Skirmish" on 3×3 points. Red's two pieces start on a1 and b1,
 * Blue's on b3 and c3; a piece steps to any of the 8 neighbouring points, onto an empty one
 * or onto an enemy piece, which it captures. Whoever takes the other's last piece wins; a side
 * to move with no move loses. A match is won by the first to win `target` games, Red moving
 * first in every game. Positions: the points a1..c3 (`r`, `b`, `.`) and the side to move: `rr.....bb r`.
 */
import type { Player } from '../../../src/rules/match/track.ts';
import { createReferee } from '../../../src/referee/engine.ts';
import type { GameEnd, RefereeRules, RefereeSettings, Rulings } from '../../../src/referee/rules.ts';
import { err, ok } from '../../../src/util/result.ts';

export type Side = 'red' | 'blue';
export interface ToyPosition {
  readonly board: Int8Array;
  readonly turn: Side;
}
export interface ToyMove {
  readonly from: number;
  readonly to: number;
  readonly capture: boolean;
}
export interface ToyMatch {
  readonly target: number;
  readonly points: Record<Player, number>;
  readonly gamesWon: Record<Player, number>;
  readonly games: readonly { readonly winner?: Player }[];
  readonly winner?: Player;
}
export interface ToySettings extends RefereeSettings<ToyPosition> {
  readonly target: number;
}
export interface ToyGame {
  readonly position: ToyPosition;
  readonly move: ToyMove;
  readonly match: ToyMatch;
  readonly settings: ToySettings;
  readonly physics: undefined;
}

const SIDES = ['red', 'blue'] as const;
const LETTERS = ['r', 'b'] as const;
const UNKNOWN = 3;
const opposite = (s: Side): Side => (s === 'red' ? 'blue' : 'red');
const sideOf = (code: number): Side | undefined => (code === 1 ? 'red' : code === 2 ? 'blue' : undefined);
export const name = (c: number): string => `${'abc'[c % 3]}${Math.floor(c / 3) + 1}`;
export const cell = (n: string): number => {
  const c = /^[a-c][1-3]$/.test(n) ? n.charCodeAt(0) - 97 + 3 * (Number(n[1]) - 1) : -1;
  if (c < 0) throw new Error(`no point ${n}`);
  return c;
};
const neighbours = (a: number, b: number): boolean =>
  a !== b && Math.abs((a % 3) - (b % 3)) <= 1 && Math.abs(Math.floor(a / 3) - Math.floor(b / 3)) <= 1;

export function position(text: string): ToyPosition {
  const [cells = '', turn] = text.split(' ');
  return { board: Int8Array.from(cells, (ch) => (ch === 'r' ? 1 : ch === 'b' ? 2 : 0)), turn: turn === 'b' ? 'blue' : 'red' };
}
const format = (p: ToyPosition): string => `${Array.from(p.board, (c) => (c === 0 ? '.' : (LETTERS[c - 1] ?? '?'))).join('')} ${p.turn[0]}`;

function legalMoves(p: ToyPosition): ToyMove[] {
  const moves: ToyMove[] = [];
  for (let from = 0; from < 9; from++) {
    if (sideOf(p.board[from] ?? 0) !== p.turn) continue;
    for (let to = 0; to < 9; to++) {
      if (!neighbours(from, to)) continue;
      const there = sideOf(p.board[to] ?? 0);
      if (there === undefined) moves.push({ from, to, capture: false });
      else if (there !== p.turn) moves.push({ from, to, capture: true });
    }
  }
  return moves;
}

const count = (p: ToyPosition, side: Side): number => p.board.filter((c) => sideOf(c) === side).length;

/** The game's own rulings by default; a test flips one to see the engine follow it. */
export const TOY_RULINGS: Rulings = {
  liftOnEmpty: 'foul',
  destinations: 'rules-order',
  setupReports: 'while-waiting',
  judgesFirstPosition: true,
  foulRecovery: 'moves',
  blindTurnStart: 'their-piece-not-capturable',
};

export function toyRules(rulings: Partial<Rulings> = {}): RefereeRules<ToyGame> {
  return {
    id: 'skirmish',
    name: 'Skirmish',
    board: {
      cells: 9,
      files: 3,
      ranks: 3,
      cellName: name,
      parseCell: (n) => (/^[a-c][1-3]$/.test(n) ? cell(n) : undefined),
      pieceLetter: (c) => LETTERS[c - 1],
      unknownPiece: UNKNOWN,
    },
    words: { piece: 'stone', pieces: 'stones', cell: 'point', rolled: 'slid' },
    sides: SIDES,
    opposite,
    sideOf,
    capturable: (code, mover) => sideOf(code) === opposite(mover),
    startPosition: () => position('rr.....bb r'),
    formatPosition: format,
    legalMoves,
    movesFrom: (p, from) => legalMoves(p).filter((m) => m.from === from),
    checkMove: (p, m) => {
      const legal = legalMoves(p).find((l) => l.from === m.from && l.to === m.to && l.capture === m.capture);
      return legal ? ok(legal) : err({ message: `${name(m.from)} to ${name(m.to)} is not a step to a neighbouring point` });
    },
    positionAfter: (p, m) => {
      const board = p.board.slice();
      board[m.to] = board[m.from] ?? 0;
      board[m.from] = 0;
      return { board, turn: opposite(p.turn) };
    },
    formatMove: (m) => `${name(m.from)}${m.capture ? 'x' : '-'}${name(m.to)}`,
    status: (p) => {
      const taken = SIDES.find((s) => count(p, s) === 0);
      if (taken) return { kind: 'over', end: { winner: opposite(taken), reason: 'all-captured', forfeit: false } };
      return legalMoves(p).length === 0 ? { kind: 'no-move' } : { kind: 'on' };
    },
    match: {
      newMatch: (s) =>
        Number.isInteger(s.target) && s.target >= 1
          ? ok({ target: s.target, points: { A: 0, B: 0 }, gamesWon: { A: 0, B: 0 }, games: [] })
          : err(`the target is a whole number of games from 1, got ${s.target}`),
      // A plays Red in odd games.
      players: (_m, n) => (n % 2 === 1 ? { red: 'A', blue: 'B' } : { red: 'B', blue: 'A' }),
      record: (m, end: GameEnd<Side>) => {
        if (m.winner) return err('the match is over');
        const players = m.games.length % 2 === 0 ? { red: 'A', blue: 'B' } : { red: 'B', blue: 'A' };
        const winner = end.winner === undefined ? undefined : (players[end.winner] as Player);
        const points = { ...m.points };
        const gamesWon = { ...m.gamesWon };
        if (winner) points[winner] += 1;
        if (winner) gamesWon[winner] += 1;
        const decided = (['A', 'B'] as const).find((p) => points[p] >= m.target);
        const match = { ...m, points, gamesWon, games: [...m.games, winner ? { winner } : {}], ...(decided ? { winner: decided } : {}) };
        return ok({ match, points: winner ? 1 : 0 });
      },
      withdrawLast: (m) => {
        if (m.games.length === 0) return err('no game to withdraw');
        const games = m.games.slice(0, -1);
        const points = { A: 0, B: 0 };
        for (const g of games) if (g.winner) points[g.winner] += 1;
        return ok({ target: m.target, points, gamesWon: { ...points }, games });
      },
      over: (m) => m.winner !== undefined,
      trackLength: (m) => m.target,
    },
    messages: {
      noCapturer: (mover, c) => ({ code: 'NotYourSphere', message: `no stone of ${mover} can take the stone on ${c}` }),
      cannotCaptureNow: (c) => `the stone on ${c} cannot be taken now`,
      captureAbandoned: (c) => `the stone on ${c} was put back: capture abandoned`,
      notOwnPlaced: (mover, from, to) => `${opposite(mover)}'s stone from ${from} was set down on ${to}`,
    },
    rulings: { ...TOY_RULINGS, ...rulings },
  };
}

export const TOY_SETTINGS: ToySettings = { policy: 'casual', holdingGraceMs: 2000, target: 2 };

export const toyReferee = (settings: Partial<ToySettings> = {}, rulings: Partial<Rulings> = {}) =>
  createReferee(toyRules(rulings), { ...TOY_SETTINGS, ...settings });
