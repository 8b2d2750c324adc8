/**
 * What one reducer step works with: the game being refereed (its rules, and what the engine
 * derives from them once), the draft state, the verdicts so far, and the time.
 */
import type { RefereeStep } from './referee.ts';
import type { RefereeInput } from './inputs.ts';
import { boardView, type BoardView } from './board-view.ts';
import type { GameEnd, GameTypes, SideOf } from './game-types.ts';
import type { RefereeRules } from './rules.ts';
import type { SensorWords } from './sensor-health.ts';
import type { Draft, RefereeState } from './state.ts';
import type { Verdict, VerdictBody } from './verdicts.ts';

/** A game's rules with what the engine derives from them: its board compared with positions, its words for the sensors. */
export interface Refereeing<G extends GameTypes> {
  readonly rules: RefereeRules<G>;
  readonly view: BoardView;
  readonly sensorWords: SensorWords;
  /** The whole reducer, for what plays ways through it (unheard.ts). */
  readonly step: (state: RefereeState<G>, input: RefereeInput) => RefereeStep<RefereeState<G>>;
  /** Ends the game of a step (game-flow.ts), handed in so that a step's context can offer it to the board physics. */
  readonly endGame: (ctx: StepContext<G>, end: GameEnd<SideOf<G>>) => void;
}

export function refereeing<G extends GameTypes>(
  rules: RefereeRules<G>,
  step: Refereeing<G>['step'],
  endGame: Refereeing<G>['endGame'],
): Refereeing<G> {
  return {
    rules,
    view: boardView(rules.board),
    sensorWords: { cellName: rules.board.cellName, cell: rules.words.cell, piece: rules.words.piece },
    step,
    endGame,
  };
}

export interface StepContext<G extends GameTypes> {
  readonly engine: Refereeing<G>;
  readonly rules: RefereeRules<G>;
  readonly d: Draft<G>;
  /** When the input was known: verdicts are dated then, and timers run on it. */
  readonly at: number;
  /** When its physical action happened (`sinceMs`, else `at`): what ordering actions and grace periods go by. */
  readonly happenedAt: number;
  readonly verdicts: Verdict[];
  emit(v: VerdictBody): void;
  endGame(end: GameEnd<SideOf<G>>): void;
}

export function stepContext<G extends GameTypes>(engine: Refereeing<G>, d: Draft<G>, at: number, happenedAt = at): StepContext<G> {
  const verdicts: Verdict[] = [];
  const ctx: StepContext<G> = {
    engine,
    rules: engine.rules,
    d,
    at,
    happenedAt,
    verdicts,
    emit: (v) => verdicts.push({ ...v, atMs: at }),
    endGame: (end) => engine.endGame(ctx, end),
  };
  return ctx;
}

/** A game is on: its moves, or a foul in it, are being judged. */
export const inGame = <G extends GameTypes>(ctx: StepContext<G>): boolean => ctx.d.phase === 'play' || ctx.d.phase === 'foul';

/**
 * During play, a physical change is judged at once, unless the board's physics holds judgement
 * (a tip: only the crash counts) or a takeback is under way (takeback.ts: only where the board
 * gets to counts).
 */
export const judging = <G extends GameTypes>(ctx: StepContext<G>): boolean =>
  ctx.d.phase === 'play' && ctx.d.takingBack === undefined && !(ctx.rules.physics?.holdsJudgement(ctx.d.physics) ?? false);

/** The name of a cell, as verdicts say it. */
export const cellName = <G extends GameTypes>(ctx: StepContext<G>, cell: number): string => ctx.rules.board.cellName(cell);
