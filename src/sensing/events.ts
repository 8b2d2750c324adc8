/**
 * What the sensing pipeline tells the referee. Every event carries `atMs`, on the board's
 * clock (FRAME/TILT `ms`, unwrapped past 2^32 so it only grows): the frame (or TILT line)
 * that completed it, i.e. the moment sensing knew, so latency read off a journal is real.
 * When the change began earlier (a load entering its settle band k − 1 frames before the
 * window was full, a pivot excess that had to last, a departure that waited to be paired),
 * `sinceMs` says when: the referee orders physical actions by it (whose action tipped the
 * board, how long the board was held).
 */
import type { TiltSide } from '../protocol/fields.ts';

/** A point of the board's grid (file + files × rank): a game calls it a well, a cell or an intersection. */
export type Well = number;

/**
 * `dead`: the cell reads what no load gives (faults.ts). `drifted`: the cell's tracked zero
 * has moved beyond the limit (zero-tracker.ts); recalibrate it. Every fault but `drifted`
 * withholds the cell's readings: its point is blind until the fault clears.
 */
export const SENSOR_FAULTS = ['dead', 'stuck', 'saturated', 'silent', 'drifted'] as const;
export type SensorFault = (typeof SENSOR_FAULTS)[number];

export const SENSING_EVENT_TYPES = [
  'sphere-lifted',
  'sphere-placed',
  'sphere-rolled',
  'well-pressed',
  'press-released',
  'board-tipped',
  'board-levelled',
  'leaning',
  'leaning-ended',
  'interference-started',
  'interference-ended',
  'sensor-fault',
  'sensor-fault-cleared',
  'frames-missing',
  'frames-resumed',
] as const;
export type SensingEventType = (typeof SENSING_EVENT_TYPES)[number];

/** Which kinds of piece a weight fits (the game's letters): all of them when their masses are equal. */
export interface SphereIdentity {
  /** Grams measured (the settled level). */
  readonly grams: number;
  /** Kinds whose mass matches within the kind resolution; never empty. */
  readonly kinds: readonly string[];
  /** Set when exactly one kind matches. */
  readonly kind?: string;
}

/** When the change began, if before `atMs` (see above). */
interface Since {
  readonly sinceMs?: number;
}

export type SensingEvent = Since &
  (
    | { readonly type: 'sphere-lifted'; readonly atMs: number; readonly well: Well; readonly grams: number }
    | ({ readonly type: 'sphere-placed'; readonly atMs: number; readonly well: Well } & SphereIdentity)
    | ({
        readonly type: 'sphere-rolled';
        /** When the pair was made (sinceMs: when it settled in `to`). */
        readonly atMs: number;
        /** When `from` settled empty. */
        readonly departedAtMs: number;
        readonly from: Well;
        readonly to: Well;
      } & SphereIdentity)
    | { readonly type: 'well-pressed'; readonly atMs: number; readonly well: Well; readonly extraG: number }
    | { readonly type: 'press-released'; readonly atMs: number; readonly well: Well }
    | { readonly type: 'board-tipped'; readonly atMs: number; readonly toward: TiltSide }
    | { readonly type: 'board-levelled'; readonly atMs: number; readonly from: TiltSide }
    /** `marginGP`: moment (grams × pitches) still to add toward `toward` before the model tips. */
    | { readonly type: 'leaning'; readonly atMs: number; readonly toward: TiltSide; readonly marginGP: number }
    | { readonly type: 'leaning-ended'; readonly atMs: number; readonly toward: TiltSide; readonly marginGP: number }
    /** `excessG`: pivot load minus (board + wells): positive = pressing down, negative = lifting. */
    | { readonly type: 'interference-started'; readonly atMs: number; readonly excessG: number }
    | { readonly type: 'interference-ended'; readonly atMs: number }
    /** `offsetG`: with `drifted`, the tracked zero that crossed the limit, grams. */
    | {
        readonly type: 'sensor-fault';
        readonly atMs: number;
        readonly fault: SensorFault;
        readonly cell: number;
        readonly offsetG?: number;
      }
    | { readonly type: 'sensor-fault-cleared'; readonly atMs: number; readonly fault: SensorFault; readonly cell: number }
    | { readonly type: 'frames-missing'; readonly atMs: number; readonly missing: number }
    | { readonly type: 'frames-resumed'; readonly atMs: number }
  );

export type SensingEventOf<T extends SensingEventType> = Extract<SensingEvent, { type: T }>;

/** Per-well classification, as `wellStates` reports it. */
export const WELL_STATES = ['empty', 'sphere', 'pressed', 'unsettled', 'faulty'] as const;
export type WellState = (typeof WELL_STATES)[number];
