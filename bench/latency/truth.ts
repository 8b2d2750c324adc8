/**
 * What physically happened, from the simulator: every hand action with its time of first
 * contact, and when the load it moved became physically steady. The simulator's own
 * noise-free loads (no HX711 noise, no drift) are kept for every well and millisecond of
 * the recent past, so "steady" is read off the physics itself: the first millisecond after
 * which the noise-free load stays within ±STEADY_G of where it ends up. For a placement
 * that is when the bounce has died out; for a lift, when the fingers carry the whole
 * sphere; for a roll, when the sphere rests in its new well.
 */
import type { SimBoard } from '../../src/hardware/sim/index.ts';
import { WELLS, type Color, type Well } from '../../src/games/senryaku/rules/types.ts';

/** A load within this of its final value is steady (the HX711 noise is about 0.01 g rms, the settle band ±3 g). */
export const STEADY_G = 1;
/** How long after an action its load is looked at to find where it ends up. */
const HORIZON_MS = 1500;
/** Noise-free loads kept, ms: longer than any turn's span between action and evaluation. */
const KEEP_MS = 60_000;

export const ACTION_KINDS = ['lift', 'place', 'roll', 'crash'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export interface PhysicalAction {
  readonly kind: ActionKind;
  /** The well it happened in (a roll's destination; for a crash, the well of the action that tipped it, if any). */
  well: Well | undefined;
  readonly from?: Well;
  /** Sim ms of first contact (for a crash: of the hand action that tipped the board). */
  contactMs: number;
  /** Sim ms the load was physically steady (for a crash: the tilt switch closed). */
  steadyMs: number | undefined;
  readonly toward?: Color;
}

export class PhysicalTruth {
  /** Hand actions in time order. */
  readonly actions: PhysicalAction[] = [];
  /** Crashes, at the moment the tilt switch closed; the action that caused one is found by settle(). */
  readonly crashes: PhysicalAction[] = [];
  readonly #loads = new Float32Array(KEEP_MS * WELLS);
  #lastMs = -1;
  #tipped: Color | undefined;

  constructor(private readonly sim: SimBoard) {}

  /** Call after every simulated millisecond. */
  sample(): void {
    const now = this.sim.nowMs;
    const g = this.sim.physics.wellGrams(now);
    this.#loads.set(g, (now % KEEP_MS) * WELLS);
    this.#lastMs = now;
    const tipped = this.sim.physics.tipped;
    // The switch starts to close as the board goes (then bounces; the board debounces it).
    if (tipped && !this.#tipped) this.crashes.push({ kind: 'crash', well: undefined, contactMs: NaN, steadyMs: now, toward: tipped });
    this.#tipped = tipped;
  }

  /** A hand action the simulator ran at `atMs`. */
  record(kind: Exclude<ActionKind, 'crash'>, well: Well, atMs: number, from?: Well): void {
    this.actions.push({ kind, well, contactMs: atMs, steadyMs: undefined, ...(from === undefined ? {} : { from }) });
  }

  /** Works out `steadyMs` of every action whose horizon has passed, and what tipped each crash. */
  settle(): void {
    for (const c of this.crashes) {
      if (!Number.isNaN(c.contactMs)) continue;
      // The action that tipped the board is the last one before the switch closed.
      const cause = this.actions.findLast((a) => a.contactMs <= (c.steadyMs ?? 0));
      c.contactMs = cause?.contactMs ?? c.steadyMs ?? 0;
      c.well = cause?.well;
    }
    for (const a of this.actions) {
      if (a.steadyMs !== undefined || a.well === undefined) continue;
      const end = Math.min(this.#nextTouch(a), a.contactMs + HORIZON_MS);
      if (end > this.#lastMs) continue;
      const wells = a.from === undefined ? [a.well] : [a.well, a.from];
      let steady = a.contactMs;
      for (const w of wells) {
        const final = this.#load(w, end);
        for (let t = end; t >= a.contactMs; t--)
          if (Math.abs(this.#load(w, t) - final) > STEADY_G) {
            steady = Math.max(steady, t + 1);
            break;
          }
      }
      a.steadyMs = steady;
    }
  }

  /** The next action on the same wells, which ends this one's window. */
  #nextTouch(a: PhysicalAction): number {
    const mine = new Set([a.well, a.from]);
    const next = this.actions.find((b) => b.contactMs > a.contactMs && (mine.has(b.well) || mine.has(b.from)));
    const tip = this.crashes.find((b) => b.steadyMs !== undefined && b.steadyMs > a.contactMs);
    return Math.min(next ? next.contactMs - 1 : Infinity, tip?.steadyMs !== undefined ? tip.steadyMs - 1 : Infinity);
  }

  #load(well: Well, ms: number): number {
    return this.#loads[(ms % KEEP_MS) * WELLS + well] ?? 0;
  }
}
