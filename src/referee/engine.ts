/**
 * The referee engine: one pure reducer from (state, board event) to (state, verdicts) for
 * every game, the game handed in as its `RefereeRules` (rules.ts). Physical events first
 * update the referee's account of what stands where and what is in hand (physical.ts); then
 * the phase decides what the change means. Time comes with the inputs; nothing here reads a
 * clock.
 */
import { onAdvice } from './advice.ts';
import { attributeHolding } from './attribution.ts';
import { unseenBeforeLift, unseenBeforePlace } from './blind-moves.ts';
import { blindView } from './blind-view.ts';
import { boardToContinue } from './continue-from.ts';
import { onBoardFound } from './board-found.ts';
import { inGame, judging, refereeing, stepContext, type Refereeing, type StepContext } from './context.ts';
import { endGame, forfeitGame } from './game-flow.ts';
import type { OperatorAction, RefereeInput } from './inputs.ts';
import { afterChange, holdPlacement, onBlindReport, onLift, onPlace, onRoll, unseen } from './physical.ts';
import type { RefereeStep, RulesetReferee } from './referee.ts';
import type { GameTypes, RefereeRules } from './rules.ts';
import { applySensorInput, caughtUp } from './sensor-health.ts';
import { snapshotOf } from './snapshot-of.ts';
import { initialState } from './initial-state.ts';
import { draftOf, type RefereeState } from './state.ts';

/**
 * The referee of a match of this game with these settings. Throws TypeError for settings no
 * match can be played with (programmer misuse: a game's descriptor checks them first).
 */
export function createReferee<G extends GameTypes>(rules: RefereeRules<G>, settings: G['settings']): RulesetReferee<RefereeState<G>> {
  initialState(rules, settings); // fail at construction, not at the first game
  const engine: Refereeing<G> = refereeing(rules, (state, input) => stepReferee(engine, state, input), endGame);
  return {
    ruleset: rules.id,
    initialState: () => initialState(rules, settings),
    step: engine.step,
    snapshot: (state) => snapshotOf(engine, state),
    continueFrom: (state) => boardToContinue(rules, state),
  };
}

export function stepReferee<G extends GameTypes>(
  engine: Refereeing<G>,
  state: RefereeState<G>,
  input: RefereeInput,
): RefereeStep<RefereeState<G>> {
  const ctx = stepContext(engine, draftOf(state), input.atMs, 'sinceMs' in input ? (input.sinceMs ?? input.atMs) : input.atMs);
  const { d, rules } = ctx;
  const offBoard = (cells: readonly number[]): boolean => {
    const bad = cells.find((c) => !(Number.isInteger(c) && c >= 0 && c < rules.board.cells));
    if (bad !== undefined)
      ctx.emit({
        type: 'notice',
        message: `ignored a ${input.type} event at cell ${bad}, off the ${rules.board.files}×${rules.board.ranks} board`,
      });
    return bad !== undefined;
  };
  switch (input.type) {
    case 'lifted':
      if (offBoard([input.well]) || caughtUp(d, input.well, 'lift', ctx.at)) break;
      if (judging(ctx)) unseen(ctx, unseenBeforeLift(blindView(ctx), input.well));
      onLift(ctx, input.well);
      break;
    case 'placed': {
      if (offBoard([input.well]) || caughtUp(d, input.well, 'place', ctx.at)) break;
      const before = judging(ctx) ? unseenBeforePlace(blindView(ctx), input.well) : [];
      if (before === 'ask') holdPlacement(ctx, input.well);
      else {
        unseen(ctx, before);
        onPlace(ctx, input.well);
      }
      break;
    }
    case 'rolled':
      if (!offBoard([input.from, input.to])) onRoll(ctx, input.from, input.to);
      break;
    case 'tipped': // a board without tilt switches never says it tipped: a stray report changes nothing
      rules.physics?.onTipped(ctx, input.toward);
      break;
    case 'levelled':
      if (!rules.physics) break;
      d.physics = rules.physics.withTilt(d.physics, undefined);
      afterChange(ctx);
      break;
    case 'interference':
      d.interferenceSince = input.phase === 'start' ? (d.interferenceSince ?? ctx.happenedAt) : undefined;
      if (input.phase === 'end') afterChange(ctx);
      break;
    case 'snapshot':
      onBoardFound(ctx, input);
      break;
    case 'sensor':
      applySensorInput(d, input, engine.sensorWords, (v) => ctx.emit(v));
      break;
    case 'operator':
      onOperator(ctx, input.action);
      break;
    case 'advice':
      onAdvice(ctx, input);
      break;
    case 'tick':
      break;
  }
  checkTimers(ctx);
  return { state: d, verdicts: ctx.verdicts };
}

/**
 * `attribute`: who held the board in the holding that ended the last game (attribution.ts).
 * `blind`: what a blind cell holds (physical.ts). `agree`: the players end the game here, in
 * a game that has that ending (`agreedEnd`); a game without ignores it.
 */
function onOperator<G extends GameTypes>(ctx: StepContext<G>, action: OperatorAction): void {
  const { d, rules } = ctx;
  if (action.kind === 'attribute') return attributeHolding(ctx, action.to);
  if (action.kind === 'blind') return onBlindReport(ctx, action);
  if (!rules.agreedEnd) return;
  if (!inGame(ctx) && d.phase !== 'resync')
    return ctx.emit({ type: 'notice', message: 'no game is in progress: nothing to end by agreement' });
  const end = rules.agreedEnd(d.game.position);
  if (end) endGame(ctx, end);
}

/** Time-outs: the board's physics first, then a hand held on the board too long forfeits the game of the side to move. */
function checkTimers<G extends GameTypes>(ctx: StepContext<G>): void {
  const { d, at, rules } = ctx;
  if (rules.physics?.checkTimers(ctx)) return;
  if (!inGame(ctx)) return;
  if (d.interferenceSince !== undefined && at - d.interferenceSince >= d.settings.holdingGraceMs) {
    const loser = d.game.position.turn;
    const holding = { loser, game: d.game, fouls: d.fouls, ...(d.touched !== undefined ? { touched: d.touched } : {}) };
    const held = ((at - d.interferenceSince) / 1000).toFixed(1);
    forfeitGame(ctx, loser, 'holding', `the board was held for ${held} s during ${loser}'s turn`);
    d.holding = holding;
    return;
  }
  rules.physics?.watchTimers(ctx);
}
