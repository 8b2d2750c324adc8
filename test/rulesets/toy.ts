/**
 * A toy game for tests of the ruleset seam: "Corners" on a 3×3 board. White's piece starts on
 * a1, Black's on c3; a move lifts your piece and sets it on a neighbouring empty point (any
 * of the 8 directions); whoever reaches the other's start corner wins. Lifting the other's
 * piece is a foul, put right by setting it back. Positions are the nine points from a1 to c3
 * (`w`, `b` or `.`) and the side to move: `w.......b w`.
 *
 * Its referee speaks the common verdicts and snapshot only; it never saw Senryaku.
 */
import { parseHardwareProfile } from '../../src/board/parse-profile.ts';
import { NO_TILT } from '../../src/board/profile.ts';
import type { BoardToContinue } from '../../src/referee/referee.ts';
import type { RefereeInput } from '../../src/referee/inputs.ts';
import type { RulesetReferee } from '../../src/referee/referee.ts';
import type { RefereeSnapshot } from '../../src/referee/snapshot.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import type { PositionTools, Ruleset } from '../../src/rulesets/ruleset.ts';
import { isJsonObject } from '../../src/util/json.ts';
import { err, ok, type Result } from '../../src/util/result.ts';

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
    hints: { A: 0, B: 0 },
    sensors: { blind: [], faults: [] },
  };
}

/** One game a match: once it is over there is nothing to go on with. */
const continueFrom = (s: CornersState): BoardToContinue =>
  s.phase === 'game-over' ? { over: true } : { over: false, position: positionText(s) };

export const cornersReferee = (): RulesetReferee<CornersState> => ({
  ruleset: 'corners',
  initialState: initial,
  step,
  snapshot,
  continueFrom,
});

// ---- Corners as a ruleset descriptor: what a journal, a replay and the command line use ----

const GRID = { files: 3, ranks: 3 };

/**
 * Its board profile, as a journal header keeps it: a hardware profile (src/board's format)
 * and the pieces' mass, the game's only physics.
 */
export const CORNERS_PROFILE = {
  name: 'three-by-three',
  description: 'nine load cells, nothing else',
  grid: GRID,
  geometry: { unit: 'mm', wellPitch: 40 },
  pieceMassG: 50,
};

function parsePosition(text: string): Result<Pick<CornersState, 'board' | 'turn'>, { code: string; message: string }> {
  const m = /^([wb.]{9}) ([wb])$/.exec(text.trim());
  if (!m)
    return err({ code: 'BadPosition', message: `a Corners position is nine of w, b, . and the side to move, like '${CORNERS_START}'` });
  return ok({ board: [...m[1]!] as (Piece | '.')[], turn: m[2] === 'w' ? 'white' : 'black' });
}

const winnerOf = (board: readonly (Piece | '.')[]): Side | undefined =>
  board[START.black] === 'w' ? 'white' : board[START.white] === 'b' ? 'black' : undefined;

function cornersMoves(p: Pick<CornersState, 'board' | 'turn'>): { from: number; to: number }[] {
  if (winnerOf(p.board)) return [];
  const from = p.board.indexOf(PIECE[p.turn]);
  return [...Array(9).keys()].filter((to) => neighbours(from, to) && p.board[to] === '.').map((to) => ({ from, to }));
}

const played = (p: Pick<CornersState, 'board' | 'turn'>, m: { from: number; to: number }): Pick<CornersState, 'board' | 'turn'> => ({
  board: p.board.map((c, i) => (i === m.from ? '.' : i === m.to ? PIECE[p.turn] : c)),
  turn: other(p.turn),
});

const perftOf = (p: Pick<CornersState, 'board' | 'turn'>, depth: number): number =>
  depth === 0 ? 1 : cornersMoves(p).reduce((n, m) => n + perftOf(played(p, m), depth - 1), 0);

const cornersTools = (p: Pick<CornersState, 'board' | 'turn'>): PositionTools => {
  const sorted = cornersMoves(p)
    .map((m) => ({ m, notation: `${name(m.from)}-${name(m.to)}` }))
    .sort((a, b) => (a.notation < b.notation ? -1 : 1));
  return {
    perft: (depth) => perftOf(p, depth),
    divide: (depth) => sorted.map(({ m, notation }) => ({ notation, count: perftOf(played(p, m), depth - 1) })),
    moves: () => sorted.map(({ m, notation }) => ({ notation, outcome: winnerOf(played(p, m).board) ? `${p.turn} wins` : 'none' })),
    noMoveText: `no legal move: ${p.turn} passes`,
  };
};

export const CORNERS: Ruleset = {
  id: 'corners',
  name: 'Corners',
  words: { piece: 'stone', pieces: 'stones', cell: 'square', cells: 'squares' },
  board: { files: 3, ranks: 3, pivots: false, tilt: false },
  startPosition: CORNERS_START,
  referenceProfileFile: 'corners-test-board.json (none: tests build the board)',
  profileFile(json) {
    const board = CORNERS.boardProfile(json);
    const hardware = parseHardwareProfile(json, { grid: GRID, tilt: NO_TILT });
    if (!board.ok || !hardware.ok) return err(board.ok ? 'bad hardware' : board.error);
    const mass = (json as { pieceMassG: number }).pieceMassG;
    return ok({
      name: hardware.value.name,
      profile: json,
      hardware: hardware.value,
      mapped: false,
      lightestPieceG: mass,
      boardOnPivotsG: undefined,
      pivotHalfGap: 0,
      sim: {
        pieces: 'wb',
        physics: { wellPitch: 1, halfGap: 0, boardMass: 0, sphereMass: { w: mass, b: mass }, massUnit: 'g' },
        gramsPerMassUnit: 1,
      },
    });
  },
  position(text) {
    const parsed = parsePosition(text);
    return parsed.ok ? ok(cornersTools(parsed.value)) : parsed;
  },
  boardProfile(json) {
    const hardware = parseHardwareProfile(json, { grid: GRID, tilt: NO_TILT });
    if (!hardware.ok) return err(hardware.error.map((p) => `${p.path || '(profile)'}: ${p.message}`).join('; '));
    if (hardware.value.grid.files !== 3 || hardware.value.grid.ranks !== 3) return err('Corners is played on a 3×3 grid');
    const mass = isJsonObject(json) ? json.pieceMassG : undefined;
    if (typeof mass !== 'number' || !(mass > 0)) return err('pieceMassG must be a mass in grams > 0');
    const game = { pieceMassesG: { w: mass, b: mass }, boardMassG: 0 };
    return ok({ sensing: (calibration, options) => ({ hardware: hardware.value, game, calibration, ...(options ? { options } : {}) }) });
  },
  referee: {
    fromJson(settings, profile) {
      const board = CORNERS.boardProfile(profile);
      if (!board.ok) return err(`profile: ${board.error}`);
      const extra = Object.keys(settings)[0];
      return extra === undefined ? ok(cornersReferee()) : err(`settings.${extra}: Corners has no settings`);
    },
  },
  // One game a match, no options of its own.
  options: [],
  readPlan: () => ({}),
  newMatch: (file) => ({ ruleset: CORNERS, settings: {}, profile: file.profile }),
  // The tests play Corners by hand (other-game.test.ts); it has no simulated players.
  simulatedPlayers: () => {
    throw new TypeError('Corners has no simulated players');
  },
};
