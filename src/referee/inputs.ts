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
 * always stored; on a Surakarta board it is a point.
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
  /** The whole sensed board at once: after start-up, a reconnect or a restart. */
  /**
   * The whole board as sensing found it after (re)starting. `resumed`: the first one after the
   * host restarted on a journal, when the referee confirms the board even if it matches.
   */
  | {
      readonly type: 'snapshot';
      readonly occupied: readonly Cell[];
      readonly tipped?: TipSide;
      readonly resumed?: true;
      readonly atMs: number;
    }
  /**
   * An operator's action (a keypress, an MQTT request, the dashboard): `agree`, the players
   * agree to end the game here (Surakarta: the side with more pieces wins). A game without
   * that ending ignores it.
   */
  | { readonly type: 'operator'; readonly action: OperatorAction; readonly atMs: number }
  | { readonly type: 'tick'; readonly atMs: number };

export const OPERATOR_ACTIONS = ['agree'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export type RefereeInputType = RefereeInput['type'];
