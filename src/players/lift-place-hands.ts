/**
 * The hands of a game whose pieces are lifted from one cell and placed on another, with a
 * capture's captured piece lifted off (Surakarta, Breakthrough): a turn's plan played as hand
 * actions, antic included, and what the referee must call for them. A game hands its plan in
 * as a `LiftPlaceTurn` (its cells by index, named by the game) and keeps only what is its own:
 * which moves and antics it plans.
 */
import type { CaptureOrder } from '../referee/verdicts.ts';
import type { TurnActions } from './game.ts';
import { CalledScript, HAND_GAP_MS, answerAfter, handMove } from './hands.ts';
import type { ExpectedFoulCode } from './ledger.ts';

export const LIFT_PLACE_ANTICS = [
  'none',
  'hesitate',
  'slow',
  'press',
  'not-your-piece',
  'touch-move',
  'illegal-placement',
  'roll',
] as const;
export type LiftPlaceAntic = (typeof LIFT_PLACE_ANTICS)[number];

/** The chance of each antic on a turn (they exclude each other). */
export interface LiftPlaceOdds {
  /** The moving piece lifted and put back, then moved (touch move: no foul). */
  readonly hesitate: number;
  /** The piece held a second or two before it is set down. */
  readonly slow: number;
  /** A hand pressing on a cell while thinking, for less than the holding grace. */
  readonly press: number;
  /** An enemy piece lifted that no own piece can capture (NotYourSphere). */
  readonly notYourPiece: number;
  /** The moving piece touched, then another own piece lifted (TouchMove). */
  readonly touchMove: number;
  /** The moving piece set down on a cell it cannot reach (IllegalPlacement). */
  readonly illegalPlacement: number;
  /** A step slid slowly instead of lifted (Rolled). */
  readonly roll: number;
}

/** No antic: a move played as it should be (a computer's, carried out as lit). */
export const CLEAN_LIFT_PLACE_ODDS: LiftPlaceOdds = {
  hesitate: 0,
  slow: 0,
  press: 0,
  notYourPiece: 0,
  touchMove: 0,
  illegalPlacement: 0,
  roll: 0,
};

/** A turn as the hands play it: cells by the game's index, `cellName` names them for the simulated board. */
export interface LiftPlaceTurn {
  readonly move: { readonly from: number; readonly to: number; readonly capture: boolean };
  /** The moving piece's letter (to pick it from the hand during a capture). */
  readonly piece: string;
  readonly antic: LiftPlaceAntic;
  readonly captureOrder: CaptureOrder;
  readonly thinkMs: number;
  /** From the last lift to the placement. */
  readonly holdMs: number;
  /** not-your-piece: the enemy piece lifted; touch-move: the other own piece lifted; illegal-placement: where the piece is set down. */
  readonly wrongCell?: number;
  readonly roll?: { readonly durationMs: number; readonly pauseMs: number };
  readonly press?: { readonly cell: number; readonly grams: number; readonly durationMs: number };
}

/** A hesitating hand: the piece back down, then lifted again to be moved. */
const HESITATE_BACK_MS = 600;
const HESITATE_AGAIN_MS = 700;

/** The foul each foul antic commits (at the script's last step). */
const FOUL_OF: Partial<Record<LiftPlaceAntic, ExpectedFoulCode>> = {
  'not-your-piece': 'NotYourSphere',
  'touch-move': 'TouchMove',
  'illegal-placement': 'IllegalPlacement',
  roll: 'Rolled',
};

/** The whole turn as planned, antic included; with a foul antic, up to the foul. */
export function liftPlaceHands(plan: LiftPlaceTurn, cellName: (cell: number) => string): TurnActions {
  const c = new CalledScript();
  const s = c.script;
  const from = cellName(plan.move.from);
  const to = cellName(plan.move.to);
  switch (plan.antic) {
    case 'hesitate':
      s.lift(from, { afterMs: plan.thinkMs }).place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece });
      return moveBy(c, plan, cellName, HESITATE_AGAIN_MS);
    case 'press': {
      const press = plan.press!;
      s.press(cellName(press.cell), press.grams, { afterMs: plan.thinkMs, durationMs: press.durationMs });
      return moveBy(c, plan, cellName, HAND_GAP_MS);
    }
    case 'not-your-piece':
      s.lift(cellName(plan.wrongCell!), { afterMs: plan.thinkMs });
      break;
    case 'touch-move':
      s.lift(from, { afterMs: plan.thinkMs })
        .place(from, { afterMs: HESITATE_BACK_MS, kind: plan.piece })
        .lift(cellName(plan.wrongCell!), { afterMs: HESITATE_AGAIN_MS });
      break;
    case 'illegal-placement':
      s.lift(from, { afterMs: plan.thinkMs }).place(cellName(plan.wrongCell!), { afterMs: plan.holdMs, kind: plan.piece });
      break;
    case 'roll':
      s.roll(from, to, { afterMs: plan.thinkMs, ...plan.roll! });
      break;
    case 'none':
    case 'slow':
      return moveBy(c, plan, cellName, plan.thinkMs);
  }
  return c.foul(FOUL_OF[plan.antic]!).actions('foul', answerAfter(s));
}

/** The planned move played cleanly, `afterMs` from now: after a foul is put right, the turn again. */
export const liftPlaceMoveAlone = (plan: LiftPlaceTurn, cellName: (cell: number) => string, afterMs: number): TurnActions =>
  moveBy(new CalledScript(), plan, cellName, afterMs);

function moveBy(c: CalledScript, plan: LiftPlaceTurn, cellName: (cell: number) => string, afterMs: number): TurnActions {
  const { from, to, capture } = plan.move;
  handMove(
    c.script,
    { from: cellName(from), to: cellName(to), capture, captureOrder: plan.captureOrder, holdMs: plan.holdMs, kind: plan.piece },
    afterMs,
  );
  return c.moved().actions('turn', answerAfter(c.script));
}
