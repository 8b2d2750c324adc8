import { err, ok, type Result } from '../util/result.ts';
import type { SensorFaultKind } from './sensor-faults.ts';

/**
 * What the referee hears: physical board events (from the sensing pipeline, through an
 * adapter in the app), clock ticks for time-outs, and operator actions. Every input
 * carries the time it was known (`atMs`: its verdicts are dated then) and, for a physical
 * action sensed after it happened, when it happened (`sinceMs`): the referee never reads a
 * clock.
 */

/**
 * A point of the board's grid, whatever the game: file + files × rank, a1 = 0 (as
 * src/board/grid.ts numbers them). The field keeps the name `well` that journals have
 * always stored, whatever the game calls its cells.
 */
export type Cell = number;
/** The side a board tips toward: the tilt switch that closed (a board that cannot tip never says). */
export type TipSide = 'white' | 'black';

export type RefereeInput =
  | { readonly type: 'lifted'; readonly well: Cell; readonly atMs: number; readonly sinceMs?: number }
  | { readonly type: 'placed'; readonly well: Cell; readonly atMs: number; readonly sinceMs?: number }
  | { readonly type: 'rolled'; readonly from: Cell; readonly to: Cell; readonly atMs: number; readonly sinceMs?: number }
  | { readonly type: 'tipped'; readonly toward: TipSide; readonly atMs: number }
  | { readonly type: 'levelled'; readonly atMs: number }
  | { readonly type: 'interference'; readonly phase: 'start' | 'end'; readonly atMs: number; readonly sinceMs?: number }
  /**
   * The whole board as sensing found it after (re)starting. `resumed`: the first one after the
   * host restarted on a journal, when the referee confirms the board even if it matches.
   * `unheardSinceMs`: the board was not heard from then on (a reboot, a reconnect, a gap in its
   * frames), so whatever changed meanwhile was not seen happen: the referee reconciles the
   * board with the game (unheard.ts) instead of taking it as it stands.
   */
  | {
      readonly type: 'snapshot';
      readonly occupied: readonly Cell[];
      readonly tipped?: TipSide;
      readonly resumed?: true;
      /** Points sensing cannot see now (a failed cell): what they hold is not known, so the referee keeps its own account. */
      readonly blind?: readonly Cell[];
      readonly unheardSinceMs?: number;
      readonly atMs: number;
    }
  /**
   * A load cell failed (`start`) or works again (`end`), as sensing found it: `cell` is the
   * board's cell index; `well` the point it weighs, or `pivot` the pivot cell's name.
   * `offsetG`: with `drifted`, how far its zero has moved. A failed cell's point is blind
   * (every fault but `drifted` withholds its readings): nothing is sensed there until it clears.
   */
  | {
      readonly type: 'sensor';
      readonly phase: 'start' | 'end';
      readonly fault: SensorFaultKind;
      readonly cell: number;
      readonly well?: Cell;
      readonly pivot?: string;
      readonly offsetG?: number;
      readonly atMs: number;
    }
  /** An operator's action (a typed line, an MQTT request, the dashboard): see OperatorAction. */
  | { readonly type: 'operator'; readonly action: OperatorAction; readonly atMs: number }
  /** An engine's answer, fed by the app (nobody types it): see Advice. */
  | ({ readonly type: 'advice'; readonly atMs: number } & Advice)
  | { readonly type: 'tick'; readonly atMs: number };

/**
 * What an operator may do:
 * - `agree`: the players agree to end the game here (the game says who wins: the side with
 *   more pieces in play, say). A game without that ending ignores it.
 * - `attribute`: who held the board in the holding that ended the last game (RULES.md:
 *   "unless the operator attributes it otherwise"): a side in the game's words (`white`,
 *   `light`...), or `none` when nobody at the table did (a spectator bumped it).
 * - `blind`: what a blind point (its load cell failed) holds now, as the operator sees it:
 *   the referee takes it as that cell's reading (`blind c4 empty`, `blind c4 occupied`).
 */
export type OperatorAction =
  | { readonly kind: 'agree' }
  | { readonly kind: 'attribute'; readonly to: string }
  | { readonly kind: 'blind'; readonly well: string; readonly holds: BlindHolds };

/**
 * What an engine advises, as the app hands it to the referee: `move`, in the game's move
 * notation (as `move` verdicts say moves), is the best move in `position` (the game's
 * position notation, as the snapshot says it), the one it was computed for.
 * - `computer`: the computer plays the side to move, and this is its move; the person at the
 *   board carries it out (`computer-move` verdict; snapshot's `computerMove` until done).
 * - `hint`: the best move shown to the side to move, on its player's request (`hint` verdict,
 *   counted per player for the whole match).
 * The referee refuses advice (a `notice`, the state unchanged) when no game is on, when
 * `position` is not the game's position now (a stale answer: a move or a takeback came
 * meanwhile), when `move` is not legal there, and, for `computer`, while a computer move is
 * pending already; a `hint` is refused too while a computer move is pending (the side to move
 * is the computer's).
 */
export interface Advice {
  readonly role: AdviceRole;
  readonly move: string;
  readonly position: string;
}
export const ADVICE_ROLES = ['computer', 'hint'] as const;
export type AdviceRole = (typeof ADVICE_ROLES)[number];

export const BLIND_HOLDS = ['empty', 'occupied'] as const;
export type BlindHolds = (typeof BLIND_HOLDS)[number];

/** `to` of an attribution that blames nobody at the table. */
export const NOBODY = 'none';

const ACCEPTED =
  'agree, attribute SIDE (SIDE: a side of the game, such as white or light, or none), or blind CELL empty|occupied (CELL: a blind well or point, such as c4)';

/**
 * Reads an operator action as typed at the terminal and kept in journals: `agree`,
 * `attribute white`, `attribute none`. Strict: lower case words, one space between them.
 */
export function parseOperatorAction(text: string): Result<OperatorAction, string> {
  if (text === 'agree') return ok({ kind: 'agree' });
  const m = /^attribute ([a-z][a-z-]*)$/.exec(text);
  if (m) return ok({ kind: 'attribute', to: m[1]! });
  const b = /^blind ([a-z][1-9][0-9]?) (empty|occupied)$/.exec(text);
  if (b) return ok({ kind: 'blind', well: b[1]!, holds: b[2] as BlindHolds });
  if (text.startsWith('blind')) return err(`blind needs a cell and what it holds: blind CELL empty|occupied (such as blind c4 empty)`);
  if (text === 'attribute')
    return err(`attribute needs a side: attribute SIDE (SIDE: a side of the game, such as white or light, or none)`);
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return err(`unknown operator action '${shown}': the actions are ${ACCEPTED}`);
}

/** The text form of an action, as parseOperatorAction reads it. */
export function formatOperatorAction(a: OperatorAction): string {
  switch (a.kind) {
    case 'agree':
      return 'agree';
    case 'attribute':
      return `attribute ${a.to}`;
    case 'blind':
      return `blind ${a.well} ${a.holds}`;
  }
}

export type RefereeInputType = RefereeInput['type'];
