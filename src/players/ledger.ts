/**
 * The simulated players' ledger: after each turn they say what they did on the board and
 * what a correct referee must call for it (the ground truth of the accuracy sweep).
 *
 * The expectation comes from the plan and from what physically happened, never from the
 * referee's verdicts: the steps the board carried out (a lift from an empty well, or a
 * placement on a crashed board, did not happen), and the simulator's own record of a crash
 * (its rigid-body statics, not the rules' balance model). An action at or after the crash
 * is not called: the referee then judges only the crash, and its loser is the side whose
 * turn it was, the only hands on the board. How a turn ends the game is the game's rule
 * (`LedgerRules.end`).
 */
import type { StepOutcome } from '../hardware/sim/sim-board.ts';
import { stepLength } from '../hardware/sim/script.ts';
import type { FoulCode, Side } from '../referee/verdicts.ts';

/** A foul the referee must call, or 'holding': the forfeit for a hand on the board past the grace. */
export type ExpectedFoulCode = FoulCode | 'holding';

/** What step `step` of a script means, once it has happened on a board still standing. */
export type StepCall =
  { readonly step: number; readonly call: 'move' } | { readonly step: number; readonly call: 'foul'; readonly code: ExpectedFoulCode };

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

/** One script as the board ran it. */
export interface ScriptRun {
  readonly calls: readonly StepCall[];
  /** The script's steps as the board ran them (same order as the script). */
  readonly outcomes: readonly StepOutcome[];
  /** When the board crashed while the script ran (sim time), if it did. */
  readonly tipAtMs: number | undefined;
}

/** What the hands of a turn came to, as a game's end rule reads it. */
export interface TurnDone<Position, Plan> {
  /** The position the turn was planned in. */
  readonly position: Position;
  readonly plan: Plan;
  /** The move's last placement was made on a standing board. */
  readonly moved: boolean;
  readonly crashed: boolean;
  readonly fouls: readonly ExpectedFoul[];
}

/** What the ledger needs of a game: its notation and how a turn ends it. */
export interface LedgerRules<Position, Plan> {
  notation(plan: Plan): string;
  end(turn: TurnDone<Position, Plan>): ExpectedEnd | undefined;
}

/** The calls of the steps the board carried out before any crash: whether the move was made, and the fouls of `side`. */
export function callsMade(side: Side, run: ScriptRun): { moved: boolean; fouls: ExpectedFoul[] } {
  const fouls: ExpectedFoul[] = [];
  let moved = false;
  for (const c of run.calls) {
    const outcome = run.outcomes[c.step];
    if (!outcome?.result.ok) continue;
    // A roll is sensed once the sphere has arrived; a lift or placement as it happens.
    const doneAtMs = outcome.atMs + (outcome.step.action === 'roll' ? stepLength(outcome.step) : 0);
    if (run.tipAtMs !== undefined && doneAtMs >= run.tipAtMs) continue;
    if (c.call === 'move') moved = true;
    else fouls.push({ side, code: c.code });
  }
  return { moved, fouls };
}

/**
 * The turn as done: `run` is the script that ended it, `earlier` the fouls of the turn's
 * earlier scripts (a foul its hands stopped at, before the board was put right).
 */
export function turnRecord<Position extends { readonly turn: Side }, Plan extends { readonly antic: string }>(
  rules: LedgerRules<Position, Plan>,
  turn: { readonly game: number; readonly position: Position; readonly plan: Plan; readonly earlier?: readonly ExpectedFoul[] },
  run: ScriptRun,
): TurnRecord {
  const side = turn.position.turn;
  const made = callsMade(side, run);
  const fouls = [...(turn.earlier ?? []), ...made.fouls];
  const end = rules.end({ position: turn.position, plan: turn.plan, moved: made.moved, crashed: run.tipAtMs !== undefined, fouls });
  return {
    kind: 'turn',
    game: turn.game,
    side,
    antic: turn.plan.antic,
    ...(made.moved ? { move: rules.notation(turn.plan) } : {}),
    fouls,
    ...(end ? { end } : {}),
  };
}
