/**
 * The board's lights as the referee's second voice: a pure reducer from what the referee
 * says (its verdicts) and what it hears (its inputs: lifts and placements as sensing found
 * them) to what the wells should show. It decides nothing about the game: the wells to put
 * right are the restore steps a foul or a resync carries, the destinations are the `lifted`
 * verdict's, a suggested move is the computer's move or a hint said (`computer-move`,
 * `hint`), and a restore step's well goes dark once the board shows it done (a piece sensed
 * where one is wanted, none where none is), lit again if it is undone. Time comes in as an
 * argument (when an alarm began); picture.ts turns a state and a time into lit wells.
 */
import type { Cell, RefereeInput } from '../../referee/inputs.ts';
import type { Difference, Restoration, Verdict } from '../../referee/verdicts.ts';
import { suggestionOfMove, wellsOfMove, type Suggestion } from './suggestion.ts';

/** A well the board must be put right on: a piece wanted there, or none; `done` while the board shows it so. */
export interface RestoreLight {
  readonly well: string;
  readonly want: 'piece' | 'empty';
  readonly done: boolean;
}

/** A crash (the board tipped) or a holding forfeit: every well flashes, from `sinceMs` for `ALARM_FLASH.durationMs`. */
export interface Alarm {
  readonly kind: 'crash' | 'holding';
  readonly sinceMs: number;
}

/**
 * A suggested move as the hands carry it out: the piece lifted from `from`, the captured piece
 * taken from `to`. `binding`: the computer's move, the only one the person may make (a hint
 * is advice: the player may move otherwise).
 */
export interface SuggestionProgress {
  readonly move: Suggestion;
  readonly lifted: boolean;
  readonly taken: boolean;
  readonly binding: boolean;
}

export interface LightsState {
  /** The wells to put right (a foul, a resync, a game's setup); empty when the board is as it should be. */
  readonly restore: readonly RestoreLight[];
  /** The piece in hand (or touched, and so to be moved) and where it may go. */
  readonly lift?: { readonly well: string; readonly destinations: readonly string[] };
  /** The wells of the last move, from and to. */
  readonly lastMove?: readonly string[];
  readonly suggestion?: SuggestionProgress;
  readonly alarm?: Alarm;
}

export const NO_LIGHTS: LightsState = { restore: [] };

/** How an alarm flashes: on for half the period, off for the other half, for the duration. */
export const ALARM_FLASH = { periodMs: 500, durationMs: 3_000 } as const;

/** The alarm flashes still at `nowMs`. */
export const alarmActive = (alarm: Alarm | undefined, nowMs: number): alarm is Alarm =>
  alarm !== undefined && nowMs - alarm.sinceMs < ALARM_FLASH.durationMs;

/** What the game names a cell (`a1`), for the referee's inputs, which carry cells as numbers. */
export interface LightsNaming {
  readonly cellName: (cell: Cell) => string;
}

/** The steps of a restoration as wells: a piece moved back is one well to empty and one to fill. */
function fromRestorations(steps: readonly Restoration[]): RestoreLight[] {
  const lights = steps.flatMap((r): RestoreLight[] =>
    r.action === 'put-back'
      ? [{ well: r.well, want: 'piece', done: false }]
      : r.action === 'remove'
        ? [{ well: r.well, want: 'empty', done: false }]
        : [...(r.from ? [{ well: r.from, want: 'empty' as const, done: false }] : []), { well: r.well, want: 'piece', done: false }],
  );
  return lights.filter((l, i) => lights.findLastIndex((m) => m.well === l.well) === i);
}

const fromDifferences = (differences: readonly Difference[]): RestoreLight[] =>
  differences.map((d) => ({ well: d.well, want: d.sensed === 'empty' ? 'piece' : 'empty', done: false }));

function without<K extends keyof LightsState>(s: LightsState, ...keys: K[]): LightsState {
  const copy: { -readonly [P in keyof LightsState]: LightsState[P] } = { ...s };
  for (const k of keys) delete copy[k];
  return copy;
}

/** An alarm of this kind that is still flashing goes on flashing from when it began (a `crash` after its `board-tipped`). */
const withAlarm = (s: LightsState, kind: Alarm['kind'], nowMs: number): LightsState =>
  alarmActive(s.alarm, nowMs) && s.alarm.kind === kind ? s : { ...s, alarm: { kind, sinceMs: nowMs } };

/** The lights after a verdict, said at `nowMs` (the clock the caller animates by). */
export function lightsOnVerdict(s: LightsState, v: Verdict, nowMs: number): LightsState {
  switch (v.type) {
    case 'game-started':
      return NO_LIGHTS;
    case 'setup':
      return {
        restore: [
          ...v.missing.map((well): RestoreLight => ({ well, want: 'piece', done: false })),
          ...v.extra.map((well): RestoreLight => ({ well, want: 'empty', done: false })),
        ],
        ...(s.alarm ? { alarm: s.alarm } : {}),
      };
    case 'lifted':
      return { ...without(s, 'lastMove'), lift: { well: v.well, destinations: v.destinations } };
    case 'capture-started':
      // Captured second: the piece in hand may now go only where it captures.
      if (v.order === 'capturer-first' && s.lift) return { ...s, lift: { well: s.lift.well, destinations: [v.captured] } };
      return without(s, 'lastMove', 'lift');
    case 'touch-move':
      return s.lift?.well === v.well ? s : { ...without(s, 'lastMove'), lift: { well: v.well, destinations: [] } };
    case 'move': {
      const wells = wellsOfMove(v.move);
      return { ...without(s, 'lift', 'suggestion', 'lastMove'), restore: [], ...(wells.length > 0 ? { lastMove: wells } : {}) };
    }
    // The piece in hand (or touched) stays: once the board is put right it is the piece to move (touch move).
    // Moves taken back: the board stands as before them, and the move before them is not known here.
    case 'takeback':
      return { ...without(s, 'lift', 'suggestion', 'lastMove'), restore: [] };
    // The computer's move to carry out, or a hint: each of its steps lit, dark as the hands make it.
    case 'computer-move':
    case 'hint':
      return suggest(s, suggestionOfMove(v.move), v.type === 'computer-move');
    // The suggestion stays through a foul (a NotTheComputersMove's too): shown again once the board is put right.
    case 'foul':
      return { ...s, restore: fromRestorations(v.restore) };
    case 'resync-needed':
      return { ...without(s, 'lift'), restore: v.restore ? fromRestorations(v.restore) : fromDifferences(v.differences) };
    case 'restored':
    case 'resync-done':
      return { ...s, restore: [] };
    case 'board-tipped':
    case 'crash':
      return withAlarm(s, 'crash', nowMs);
    case 'forfeit':
      return v.reason === 'holding' ? withAlarm(s, 'holding', nowMs) : s;
    case 'game-over':
    case 'match-over':
      return { ...without(s, 'lift', 'suggestion'), restore: [] };
    default:
      return s;
  }
}

/** Marks what the board shows now at `well`: a restore step there is done or undone, a suggested move's piece lifted or back. */
function sensed(s: LightsState, well: string, occupied: boolean): LightsState {
  const touches = s.restore.some((r) => r.well === well);
  const restore = touches ? s.restore.map((r) => (r.well === well ? { ...r, done: (r.want === 'piece') === occupied } : r)) : s.restore;
  const g = s.suggestion;
  const suggestion =
    g && g.move.from === well ? { ...g, lifted: !occupied } : g && g.move.capture && g.move.to === well ? { ...g, taken: !occupied } : g;
  if (!touches && suggestion === g) return s;
  return { ...s, restore, ...(suggestion ? { suggestion } : {}) };
}

/** The lights after what the referee heard: a lift, a placement, a roll, a whole board read afresh. */
export function lightsOnInput(s: LightsState, input: RefereeInput, naming: LightsNaming): LightsState {
  switch (input.type) {
    case 'lifted':
      return sensed(s, naming.cellName(input.well), false);
    case 'placed':
      return sensed(s, naming.cellName(input.well), true);
    case 'rolled':
      return sensed(sensed(s, naming.cellName(input.from), false), naming.cellName(input.to), true);
    case 'snapshot': {
      const occupied = new Set(input.occupied.map(naming.cellName));
      const blind = new Set((input.blind ?? []).map(naming.cellName));
      const wells = [...s.restore.map((r) => r.well), ...(s.suggestion ? [s.suggestion.move.from, s.suggestion.move.to] : [])];
      return wells.filter((w) => !blind.has(w)).reduce((t, w) => sensed(t, w, occupied.has(w)), s);
    }
    default:
      return s;
  }
}

/** A move to show (the computer's, a hint), or none: it stays until a move is made or the game ends. */
function suggest(s: LightsState, move: Suggestion | undefined, binding: boolean): LightsState {
  return move ? { ...s, suggestion: { move, lifted: false, taken: false, binding } } : without(s, 'suggestion');
}
