/**
 * What every game's players do by hand the same way: a move (a step lifts the piece and
 * sets it down; a capture lifts both pieces in the planned order, then sets the mover
 * down), the referee's restore steps (named by well or point, as its verdicts name them),
 * and how long they wait for the referee to answer a script. Scripts name wells by name.
 */
import { simScript, type SimScript } from '../hardware/sim/script.ts';
import type { CaptureOrder, Restoration } from '../referee/verdicts.ts';
import type { TurnActions } from './game.ts';
import type { ExpectedFoulCode, StepCall } from './ledger.ts';

/** Between two actions of one hand, ms. */
export const HAND_GAP_MS = 400;
/** Hands done and the referee silent this long: the board is not what it thinks. */
export const STUCK_MS = 10_000;

/** A move as a hand makes it: wells by name, the mover's letter (to pick it from the hand in a capture). */
export interface HandMove {
  readonly from: string;
  readonly to: string;
  readonly capture: boolean;
  readonly captureOrder: CaptureOrder;
  /** From the last lift to the placement. */
  readonly holdMs: number;
  readonly kind: string;
}

/** The move by hand, its first lift `afterMs` after what the script did before. */
export function handMove(s: SimScript, m: HandMove, afterMs: number): SimScript {
  if (m.capture) {
    const [first, second] = m.captureOrder === 'captured-first' ? [m.to, m.from] : [m.from, m.to];
    s.lift(first, { afterMs }).lift(second, { afterMs: HAND_GAP_MS });
  } else s.lift(m.from, { afterMs });
  return s.place(m.to, { afterMs: m.holdMs, kind: m.kind });
}

/** A script being written, and the calls its steps ask of the referee (each marks the step written last). */
export class CalledScript {
  readonly script = simScript();
  readonly calls: StepCall[] = [];

  /** The step written last commits this foul. */
  foul(code: ExpectedFoulCode): this {
    this.calls.push({ step: this.script.steps.length - 1, call: 'foul', code });
    return this;
  }

  /** The step written last completes the move. */
  moved(): this {
    this.calls.push({ step: this.script.steps.length - 1, call: 'move' });
    return this;
  }

  actions(ends: TurnActions['ends'], answerWithinMs: number): TurnActions {
    return { script: this.script, calls: this.calls, ends, answerWithinMs };
  }
}

/** The usual wait for the referee's answer: the script's length, then STUCK_MS. */
export const answerAfter = (script: SimScript): number => script.durationMs + STUCK_MS;

/** The referee's restore steps, done by hand in the order given, `afterMs` from now. */
export function restoreScript(steps: readonly Restoration[], afterMs: number): SimScript {
  const s = simScript();
  let gap = afterMs;
  for (const r of steps) {
    const kind = r.sphere === undefined ? {} : { kind: r.sphere };
    switch (r.action) {
      case 'put-back':
        s.place(r.well, { afterMs: gap, ...kind });
        break;
      case 'remove':
        s.lift(r.well, { afterMs: gap });
        break;
      case 'move-back':
        s.lift(r.from ?? r.well, { afterMs: gap }).place(r.well, { afterMs: HAND_GAP_MS, ...kind });
        break;
    }
    gap = HAND_GAP_MS;
  }
  return s;
}
