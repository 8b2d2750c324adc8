/**
 * A toy game for tests of the ruleset seam: "Corners" on a 3×3 board. White's piece starts on
 * a1, Black's on c3; a move lifts your piece and sets it on a neighbouring empty point (any
 * of the 8 directions); whoever reaches the other's start corner wins. Lifting the other's
 * piece is a foul, put right by setting it back. Positions are the nine points from a1 to c3
 * (`w`, `b` or `.`) and the side to move: `w.......b w`.
 *
 * Its referee speaks the common verdicts and snapshot only; it never saw Senryaku.
 */
import type { RefereeInput } from '../../src/referee/inputs.ts';
import type { RulesetReferee } from '../../src/referee/referee.ts';
import type { RefereeSnapshot } from '../../src/referee/snapshot.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

type Side = 'white' | 'black';
type Piece = 'w' | 'b';
const PIECE: Record<Side, Piece> = { white: 'w', black: 'b' };
const START: Record<Side, number> = { white: 0, black: 8 };
const other = (s: Side): Side => (s === 'white' ? 'black' : 'white');
const name = (p: number): string => `${'abc'[p % 3]}${Math.floor(p / 3) + 1}`;
const neighbours = (a: number, b: number): boolean =>
  a !== b && Math.abs((a % 3) - (b % 3)) <= 1 && Math.abs(Math.floor(a / 3) - Math.floor(b / 3)) <= 1;

export const CORNERS_START = 'w.......b w';

export interface CornersState {
  readonly phase: 'setup' | 'play' | 'foul' | 'game-over';
  /** The last legal position. */
  readonly board: readonly (Piece | '.')[];
  readonly turn: Side;
  /** Sensed: what stands on each point now. */
  readonly sensed: readonly boolean[];
  readonly lifted?: number;
  readonly fouls: Record<Side, number>;
  readonly winner?: Side;
}

const positionText = (s: Pick<CornersState, 'board' | 'turn'>): string => `${s.board.join('')} ${s.turn === 'white' ? 'w' : 'b'}`;
const initial = (): CornersState => ({
  phase: 'setup',
  board: ['w', '.', '.', '.', '.', '.', '.', '.', 'b'],
  turn: 'white',
  sensed: Array<boolean>(9).fill(false),
  fouls: { white: 0, black: 0 },
});

function step(s: CornersState, input: RefereeInput): { state: CornersState; verdicts: Verdict[] } {
  const out: Verdict[] = [];
  const say = (v: Verdict extends infer V ? (V extends Verdict ? Omit<V, 'atMs'> : never) : never): void =>
    void out.push({ ...v, atMs: input.atMs });
  let next: CornersState = s;
  const matchesBoard = (sensed: readonly boolean[]): boolean => sensed.every((on, p) => on === (s.board[p] !== '.'));
  switch (input.type) {
    case 'snapshot': {
      const sensed = Array.from({ length: 9 }, (_, p) => input.occupied.includes(p));
      next = { ...s, sensed };
      if (s.phase === 'setup' && matchesBoard(sensed)) {
        next = { ...next, phase: 'play' };
        say({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: positionText(s) });
      }
      break;
    }
    case 'lifted': {
      const p = input.well;
      next = { ...s, sensed: s.sensed.map((on, i) => (i === p ? false : on)) };
      if (s.phase !== 'play') break;
      if (s.board[p] !== PIECE[s.turn]) {
        next = { ...next, phase: 'foul', fouls: { ...s.fouls, [s.turn]: s.fouls[s.turn] + 1 } };
        say({
          type: 'foul',
          code: 'NotYourSphere',
          side: s.turn,
          message: `the piece on ${name(p)} is not ${s.turn}'s`,
          restore: [{ action: 'put-back', well: name(p) }],
          count: next.fouls[s.turn],
        });
        break;
      }
      next = { ...next, lifted: p };
      const destinations = [...Array(9).keys()].filter((q) => neighbours(p, q) && s.board[q] === '.').map(name);
      say({ type: 'lifted', side: s.turn, well: name(p), destinations });
      break;
    }
    case 'placed': {
      const p = input.well;
      const sensed = s.sensed.map((on, i) => (i === p ? true : on));
      next = { ...s, sensed };
      if (s.phase === 'foul' && matchesBoard(sensed)) {
        next = { ...next, phase: 'play' };
        say({ type: 'restored', side: s.turn, position: positionText(s) });
        break;
      }
      if (s.phase !== 'play' || s.lifted === undefined || !neighbours(s.lifted, p) || s.board[p] !== '.') break;
      const board = s.board.map((c, i) => (i === s.lifted ? '.' : i === p ? PIECE[s.turn] : c));
      const mover = s.turn;
      const { lifted: _lifted, ...rest } = next;
      next = { ...rest, board, turn: other(mover) };
      say({ type: 'move', side: mover, move: `${name(s.lifted)}-${name(p)}`, position: positionText(next) });
      if (p === START[other(mover)]) {
        next = { ...next, phase: 'game-over', winner: mover };
        const winnerPlayer = mover === 'white' ? 'A' : 'B';
        say({
          type: 'game-over',
          game: 1,
          winner: mover,
          winnerPlayer,
          reason: 'corner',
          points: 1,
          score: winnerPlayer === 'A' ? { A: 1, B: 0 } : { A: 0, B: 1 },
        });
      }
      break;
    }
    default:
      break;
  }
  return { state: next, verdicts: out };
}

function snapshot(s: CornersState): RefereeSnapshot {
  return {
    phase: s.phase,
    game: 1,
    position: positionText(s),
    ...(s.phase === 'play' || s.phase === 'foul' ? { turn: s.turn } : {}),
    players: { white: 'A', black: 'B' },
    score: { points: { A: s.winner === 'white' ? 1 : 0, B: s.winner === 'black' ? 1 : 0 }, games: { A: 0, B: 0 }, trackLength: 1 },
    fouls: s.fouls,
  };
}

export const cornersReferee = (): RulesetReferee<CornersState> => ({ ruleset: 'corners', initialState: initial, step, snapshot });
