/**
 * The simulated players' ledger: after each turn they say what they did on the board and
 * what a correct referee must call for it (the ground truth of the accuracy sweep).
 *
 * The expectation comes from the plan and from what physically happened, never from the
 * referee's verdicts: the steps the board carried out (a lift from an empty well, or a
 * placement on a crashed board, did not happen), and the simulator's own record of a crash
 * (its rigid-body statics, not the rules' balance model). An action at or after the crash
 * is not called: the referee then judges only the crash, and its loser is the side whose
 * turn it was, the only hands on the board.
 */
import type { StepOutcome } from '../../hardware/sim/sim-board.ts';
import type { Side } from '../../referee/verdicts.ts';
import { stepLength } from '../../hardware/sim/script.ts';
import { formatMove, legalMoves, opposite, positionAfter, type Color, type EndReason, type Position } from '../../rules/senryaku/index.ts';
import type { Antic, TurnPlan } from './plan-turn.ts';
import type { ExpectedFoulCode, StepCall } from './turn-script.ts';

/** Sides and end reasons are the game's words (Senryaku's white/black and capture…, Surakarta's light/dark and all-captured…). */
export interface ExpectedFoul {
  readonly side: Side;
  readonly code: ExpectedFoulCode;
}

export interface ExpectedEnd {
  readonly winner: Side;
  readonly reason: string;
}

/** One turn's hand actions, as the players saw them done. `game`: the game they were playing. */
export interface TurnRecord {
  readonly kind: 'turn';
  readonly game: number;
  readonly side: Side;
  /** What the hands did beside the move, in the game's players' words ('none': nothing). */
  readonly antic: string;
  /** The move, in notation, when its last placement was made on a standing board. */
  readonly move?: string;
  readonly fouls: readonly ExpectedFoul[];
  /** The game is over by this turn (capture, crash, holding, or the opponent left without a move). */
  readonly end?: ExpectedEnd;
}

/** The players set the board back without playing (tidy-up, resync): what follows is not a clean game. */
export interface PutBackRecord {
  readonly kind: 'put-back';
  readonly game: number;
  readonly why: 'tidy-up' | 'resync';
}

export type PlayRecord = TurnRecord | PutBackRecord;

export interface TurnDone {
  readonly game: number;
  /** The position the turn was planned in. */
  readonly position: Position;
  readonly plan: TurnPlan;
  readonly calls: readonly StepCall[];
  /** The script's steps as the board ran them (same order as the script). */
  readonly outcomes: readonly StepOutcome[];
  /** When the board crashed during the turn (sim time), if it did. */
  readonly tipAtMs: number | undefined;
}

export function turnRecord(t: TurnDone): TurnRecord & { readonly side: Color; readonly antic: Antic } {
  const side = t.position.turn;
  const fouls: ExpectedFoul[] = [];
  let moved = false;
  for (const c of t.calls) {
    const outcome = t.outcomes[c.step];
    if (!outcome?.result.ok) continue;
    // A roll is sensed once the sphere has arrived; a lift or placement as it happens.
    const doneAtMs = outcome.atMs + (outcome.step.action === 'roll' ? stepLength(outcome.step) : 0);
    if (t.tipAtMs !== undefined && doneAtMs >= t.tipAtMs) continue;
    if (c.call === 'move') moved = true;
    else fouls.push({ side, code: c.code });
  }
  const end = endOf(t, moved, fouls);
  return {
    kind: 'turn',
    game: t.game,
    side,
    antic: t.plan.antic,
    ...(moved ? { move: formatMove(t.plan.move) } : {}),
    fouls,
    ...(end ? { end } : {}),
  };
}

function endOf(t: TurnDone, moved: boolean, fouls: readonly ExpectedFoul[]): (ExpectedEnd & { readonly reason: EndReason }) | undefined {
  const side = t.position.turn;
  if (t.tipAtMs !== undefined) return { winner: opposite(side), reason: 'crash' };
  if (fouls.some((f) => f.code === 'holding')) return { winner: opposite(side), reason: 'holding' };
  if (!moved) return undefined;
  if (t.plan.move.capture) return { winner: side, reason: 'capture' };
  if (legalMoves(positionAfter(t.position, t.plan.move)).length === 0) return { winner: side, reason: 'no-move' };
  return undefined;
}
