/**
 * The Senryaku referee: a pure reducer from (state, board event) to (state, verdicts).
 * Physical events first update the referee's account of what stands where and what is
 * in hand; then the phase decides what the change means (a legal step, a foul, a
 * restoration, the start position). The tilt switches decide crashes; the balance model
 * only predicts them, and disagreements are reported for calibration.
 */
import { newMatch } from '../../rules/match/track.ts';
import { legalMoves, type Move } from '../../rules/senryaku/moves.ts';
import { positionAfter } from '../../rules/senryaku/play.ts';
import { startPosition } from '../../rules/senryaku/position.ts';
import { formatSpn } from '../../rules/senryaku/spn.ts';
import { EMPTY, WELLS, cellColor, colouredOf, opposite, parseWell, wellName, type Color, type Well } from '../../rules/senryaku/types.ts';
import type { OperatorAction, RefereeInput } from '../inputs.ts';
import type { RefereeStep, RulesetReferee } from '../referee.ts';
import { sameOccupancy } from './board-view.ts';
import { HEALTHY, applySensorInput, blindReport, caughtUp, occupiedAsFarAsSeen } from '../sensor-health.ts';
import { announceBlindDestinations, moveShownAfterReport, unseenBeforeLift, unseenBeforePlace, type UnseenStep } from '../blind-moves.ts';
import { SENRYAKU_SENSOR_WORDS, blindView } from './blind.ts';
import { attributeHolding } from './attribution.ts';
import { modelBoard, stepContext, type StepContext } from './context.ts';
import { acceptMove, checkFoulResolved, checkResync, checkSetup, commitFoul, endGame, reportSetup } from './game-flow.ts';
import { judgeLift, judgePlacement } from './judge.ts';
import { snapshotOf } from './snapshot.ts';
import { judgeUnheard } from '../unheard.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from './settings.ts';
import { UNKNOWN_SPHERE, draftOf, type HeldSphere, type SenryakuRefereeState } from './state.ts';

export function initialRefereeState(settings: SenryakuRefereeSettings = DEFAULT_REFEREE_SETTINGS): SenryakuRefereeState {
  const match = newMatch(settings.match);
  if (!match.ok) throw new TypeError(`invalid match settings: ${match.error.message}`);
  return {
    settings,
    phase: 'setup',
    match: match.value,
    game: { position: settings.firstPosition ?? startPosition() },
    onBoard: new Int8Array(WELLS),
    hand: [],
    fouls: { white: 0, black: 0 },
    modelTipReported: false,
    changedSinceOver: true,
    sensors: HEALTHY,
  };
}

export function senryakuReferee(settings: SenryakuRefereeSettings = DEFAULT_REFEREE_SETTINGS): RulesetReferee<SenryakuRefereeState> {
  return { ruleset: 'senryaku', initialState: () => initialRefereeState(settings), step: stepReferee, snapshot: snapshotOf };
}

const inGame = (ctx: StepContext): boolean => ctx.d.phase === 'play' || ctx.d.phase === 'foul';

export function stepReferee(state: SenryakuRefereeState, input: RefereeInput): RefereeStep<SenryakuRefereeState> {
  const ctx = stepContext(draftOf(state), input.atMs, 'sinceMs' in input ? (input.sinceMs ?? input.atMs) : input.atMs);
  switch (input.type) {
    case 'lifted':
      if (caughtUp(ctx.d, input.well, 'lift', ctx.at)) break;
      if (judging(ctx)) unseen(ctx, unseenBeforeLift(blindView(ctx), input.well));
      onLift(ctx, input.well);
      break;
    case 'placed': {
      if (caughtUp(ctx.d, input.well, 'place', ctx.at)) break;
      const before = judging(ctx) ? unseenBeforePlace(blindView(ctx), input.well) : [];
      if (before === 'ask') holdPlacement(ctx, input.well);
      else {
        unseen(ctx, before);
        onPlace(ctx, input.well);
      }
      break;
    }
    case 'rolled':
      onRoll(ctx, input.from, input.to);
      break;
    case 'tipped':
      onTipped(ctx, input.toward);
      break;
    case 'levelled':
      ctx.d.tipped = undefined;
      afterChange(ctx);
      break;
    case 'interference':
      ctx.d.interferenceSince = input.phase === 'start' ? (ctx.d.interferenceSince ?? ctx.happenedAt) : undefined;
      if (input.phase === 'end') afterChange(ctx);
      break;
    case 'snapshot':
      onSnapshot(ctx, input.occupied, input.tipped, input.resumed ?? false, input.blind ?? [], input.unheardSinceMs);
      break;
    case 'sensor':
      applySensorInput(ctx.d, input, SENRYAKU_SENSOR_WORDS, (v) => ctx.emit(v));
      break;
    case 'operator': // Senryaku has no ending by agreement (RULES.md): a game ends on the board
      if (input.action.kind === 'attribute') attributeHolding(ctx, input.action.to);
      else if (input.action.kind === 'blind') onBlindReport(ctx, input.action);
      break;
    case 'tick':
      break;
  }
  checkTimers(ctx);
  return { state: ctx.d, verdicts: ctx.verdicts };
}

/**
 * An action that happened this long after the tip may still be what caused it. A lift
 * happens (its `sinceMs`) when the load left the well, at once; a placement when the sphere
 * stopped bouncing, up to ~120 ms after it landed. Later lifts are spheres spilling off the
 * tipped board.
 */
const TIP_SLACK_MS = { lift: 30, place: 150, roll: 150 } as const;
/** A lift tips the board within a few tens of ms; a tip later than this while the sphere is held is its landing. */
const LANDING_AFTER_LIFT_MS = 100;

function recordAction(ctx: StepContext, kind: 'lift' | 'place' | 'roll', well: Well): void {
  const { d } = ctx;
  if (d.phase === 'game-over') d.changedSinceOver = true;
  // Spheres spilling off a board that has already tipped are not anyone's action.
  if (d.pendingTip && ctx.happenedAt > d.pendingTip.atMs + TIP_SLACK_MS[kind]) return;
  if (d.pendingTip) d.pendingTip = { ...d.pendingTip, board: modelBoard(d.onBoard), lifted: d.hand.map((h) => h.from) };
  if (inGame(ctx)) d.lastAction = { side: d.game.position.turn, kind, well, atMs: ctx.happenedAt };
}

/** During play, a physical change is judged at once, unless the board is tipping: then only the crash counts. */
const judging = (ctx: StepContext): boolean => ctx.d.phase === 'play' && ctx.d.pendingTip === undefined;

/** Changes on blind wells the referee takes as having happened, judged as if sensed. */
function unseen(ctx: StepContext, steps: readonly UnseenStep[]): void {
  for (const s of steps)
    if (s.kind === 'lift') onLift(ctx, s.well, false);
    else onPlace(ctx, s.well);
}

/** A placement more than one blind well could explain: the board has the sphere; judging waits for the operator's word. */
function holdPlacement(ctx: StepContext, well: Well): void {
  ctx.d.onBoard[well] = UNKNOWN_SPHERE;
  recordAction(ctx, 'place', well);
}

/**
 * The operator's word on what a blind well holds: taken as that well's reading (a lift or a
 * placement there), unless it is what the referee already had. During play a move the board
 * now shows, with the spheres in hand aside, is taken at once (a placement that waited, a
 * capture from a blind well).
 */
function onBlindReport(ctx: StepContext, action: Extract<OperatorAction, { kind: 'blind' }>): void {
  const step = blindReport(ctx.d, action, parseWell, SENRYAKU_SENSOR_WORDS);
  if ('notice' in step) return ctx.emit({ type: 'notice', message: step.notice });
  if (step.kind === 'place') return onPlace(ctx, step.well);
  const shown = judging(ctx) ? explainedByLift(ctx, step.well) : undefined;
  if (shown) acceptMove(ctx, shown);
  else onLift(ctx, step.well);
}

/** During play: the one legal move through `well` the board shows once its sphere is taken as gone. */
function explainedByLift(ctx: StepContext, well: Well): Move | undefined {
  const { d } = ctx;
  const after = d.onBoard.slice();
  after[well] = EMPTY;
  const pos = d.game.position;
  return moveShownAfterReport(blindView(ctx), well, (m) => sameOccupancy(after, positionAfter(pos, m).board));
}

/** `announce`: say what a blind destination means (not for a lift the referee only infers). */
function onLift(ctx: StepContext, well: Well, announce = true): void {
  const { d } = ctx;
  const before = [...d.hand];
  const cell = d.onBoard[well] ?? EMPTY;
  d.onBoard[well] = EMPTY;
  if (cell !== EMPTY) d.hand.push({ cell, from: well });
  recordAction(ctx, 'lift', well);
  if (judging(ctx)) {
    judgeLift(ctx, well, cell, before);
    const said = ctx.verdicts.at(-1);
    if (announce && said?.type === 'lifted' && said.well === wellName(well)) announceBlindDestinations(blindView(ctx), well);
  } else if (!d.pendingTip) afterChange(ctx);
  watchModel(ctx);
}

/** Which held sphere was set down: the capturer onto its capture, else one returning home, else the last lifted. */
function takeFromHand(ctx: StepContext, well: Well): HeldSphere | undefined {
  const { d } = ctx;
  if (d.hand.length === 0) return undefined;
  const pos = d.game.position;
  const enemyColoured = colouredOf(opposite(pos.turn));
  let i = -1;
  if (d.hand.some((h) => h.cell === enemyColoured && h.from === well))
    i = d.hand.findIndex(
      (h) => cellColor(h.cell) === pos.turn && legalMoves(pos).some((m) => m.capture && m.from === h.from && m.to === well),
    );
  if (i < 0) i = d.hand.findIndex((h) => h.from === well);
  if (i < 0) i = d.hand.length - 1;
  return d.hand.splice(i, 1)[0];
}

function onPlace(ctx: StepContext, well: Well): void {
  const { d } = ctx;
  const placed = takeFromHand(ctx, well);
  d.onBoard[well] = placed?.cell ?? UNKNOWN_SPHERE;
  recordAction(ctx, 'place', well);
  if (judging(ctx)) judgePlacement(ctx, well, placed);
  else if (!d.pendingTip) afterChange(ctx);
  watchModel(ctx);
}

function onRoll(ctx: StepContext, from: Well, to: Well): void {
  const { d } = ctx;
  const cell = d.onBoard[from] ?? EMPTY;
  d.onBoard[from] = EMPTY;
  d.onBoard[to] = cell === EMPTY ? UNKNOWN_SPHERE : cell;
  recordAction(ctx, 'roll', to);
  if (judging(ctx)) commitFoul(ctx, 'Rolled', `the sphere on ${wellName(from)} rolled to ${wellName(to)}: spheres must be lifted`);
  else if (!d.pendingTip) afterChange(ctx);
  watchModel(ctx);
}

/** After a change outside normal play: is the foul put right, the board resynced, the start position set? */
function afterChange(ctx: StepContext): void {
  const { d } = ctx;
  switch (d.phase) {
    case 'foul':
      checkFoulResolved(ctx, legalMoves(d.game.position));
      break;
    case 'resync':
      checkResync(ctx);
      break;
    case 'setup':
    case 'game-over':
      checkSetup(ctx);
      break;
    default:
      break;
  }
}

/** The tilt switches say the board tipped: the crash is judged once the action that caused it has been sensed. */
function onTipped(ctx: StepContext, toward: Color): void {
  const { d } = ctx;
  d.tipped = toward;
  if (!inGame(ctx) && d.pendingCapture === undefined) return;
  if (d.pendingTip) return;
  d.pendingTip = { toward, atMs: ctx.at, board: modelBoard(d.onBoard), lifted: d.hand.map((h) => h.from) };
  // The crash itself is certain now; only whose action caused it waits for the window.
  ctx.emit({ type: 'board-tipped', toward });
}

/**
 * The side whose lift or placement tipped the board loses (a placement's grace included).
 * A board that tips while a sphere is held, well after it was lifted, tipped as that sphere
 * landed: the spill often takes it off again before the load cells settle on it.
 */
function judgeCrash(ctx: StepContext, tip: NonNullable<SenryakuRefereeState['pendingTip']>): void {
  const { d } = ctx;
  d.pendingTip = undefined;
  const mover = d.pendingCapture ? opposite(d.game.position.turn) : d.game.position.turn;
  const last = d.lastAction;
  const culprit = last && (last.side === mover || ctx.at - last.atMs <= d.settings.placementGraceMs) ? last.side : mover;
  const landing = tip.lifted.length > 0 && last?.kind === 'lift' && tip.atMs - last.atMs > LANDING_AFTER_LIFT_MS;
  if (!landing && ctx.model.isStable(tip.board))
    ctx.emit({
      type: 'model-disagreement',
      kind: 'sensor-tipped',
      position: formatSpn(d.game.position),
      lifted: tip.lifted.map(wellName),
      margin: ctx.model.tipMargins(tip.board),
    });
  ctx.emit({
    type: 'crash',
    loser: culprit,
    toward: tip.toward,
    during: landing ? 'place' : (last?.kind ?? 'none'),
    ...(last && !landing ? { well: wellName(last.well) } : {}),
  });
  endGame(ctx, opposite(culprit), 'crash');
}

/** What makes two of the referee's accounts the same game: the position, the phase, the spheres in hand. */
const outcomeKey = (s: SenryakuRefereeState): string =>
  `${formatSpn(s.game.position)}|${s.phase}|${s.hand
    .map((h) => h.from)
    .sort((a, b) => a - b)
    .join(',')}`;

function onSnapshot(
  ctx: StepContext,
  occupied: readonly Well[],
  tipped: Color | undefined,
  resumed: boolean,
  unseenWells: readonly Well[],
  unheardSinceMs: number | undefined,
): void {
  const { d } = ctx;
  const seen = occupiedAsFarAsSeen(occupied, unseenWells, d.sensors, d.onBoard);
  // The board was not heard: the rules say what happened meanwhile, or that it must be put back.
  const unheard = judgeUnheard(
    { ...d },
    d.phase,
    seen,
    ctx.at,
    unheardSinceMs,
    !resumed && tipped === d.tipped && !d.pendingTip && !d.pendingCapture,
    stepReferee,
    outcomeKey,
  );
  if (unheard.kind === 'nothing') return;
  if (unheard.kind === 'explained') {
    Object.assign(d, draftOf(unheard.state));
    ctx.verdicts.push(...unheard.verdicts);
    return;
  }
  const { why } = unheard;
  const sensed = new Int8Array(WELLS);
  for (const w of seen) sensed[w] = d.onBoard[w] !== EMPTY ? (d.onBoard[w] ?? UNKNOWN_SPHERE) : UNKNOWN_SPHERE;
  const unchanged = sameOccupancy(sensed, d.onBoard) && tipped === d.tipped;
  // The referee's own account already matches what the sensors see: nothing to say, except
  // after a restart on a journal, when players wait to hear that play goes on, or when what
  // was not heard could have been more than the board shows (a capture completed unseen; a
  // foul put right and the move made, which leaves the board as the foul did).
  const ambiguous = why !== undefined && (d.phase === 'play' || d.phase === 'foul');
  if (unchanged && !ambiguous && (d.phase === 'foul' || (d.phase === 'play' && !resumed))) return;
  if (!unchanged) d.changedSinceOver = true;
  d.onBoard = sensed;
  d.tipped = tipped;
  d.hand = [];
  if (d.phase === 'setup' || d.phase === 'game-over' || d.phase === 'match-over') {
    if (d.phase !== 'match-over') {
      reportSetup(ctx);
      checkSetup(ctx);
    }
    return;
  }
  d.phase = 'resync';
  d.lastResyncReport = undefined;
  checkResync(ctx, why);
}

/** The model's prediction, kept to compare with the tilt switches. */
function watchModel(ctx: StepContext): void {
  const { d } = ctx;
  if (!inGame(ctx)) return;
  if (ctx.model.isStable(modelBoard(d.onBoard))) {
    d.modelTipSince = undefined;
    d.modelTipReported = false;
  } else d.modelTipSince ??= ctx.happenedAt;
}

function checkTimers(ctx: StepContext): void {
  const { d, at } = ctx;
  const s = d.settings;
  if (d.pendingTip) {
    if (at - d.pendingTip.atMs >= s.tipAttributionMs) judgeCrash(ctx, d.pendingTip);
    return;
  }
  if (d.pendingCapture && at - d.pendingCapture.atMs >= s.placementGraceMs) {
    endGame(ctx, opposite(d.game.position.turn), 'capture');
    return;
  }
  if (!inGame(ctx)) return;
  if (d.interferenceSince !== undefined && at - d.interferenceSince >= s.holdingGraceMs) {
    const loser = d.game.position.turn;
    const holding = { loser, game: d.game, fouls: d.fouls, ...(d.touched !== undefined ? { touched: d.touched } : {}) };
    ctx.emit({
      type: 'forfeit',
      loser,
      reason: 'holding',
      message: `the board was held for ${((at - d.interferenceSince) / 1000).toFixed(1)} s during ${loser}'s turn`,
    });
    endGame(ctx, opposite(loser), 'holding');
    d.holding = holding;
    return;
  }
  if (d.modelTipSince !== undefined && !d.modelTipReported && !d.tipped && at - d.modelTipSince >= s.disagreementWindowMs) {
    d.modelTipReported = true;
    const board = modelBoard(d.onBoard);
    ctx.emit({
      type: 'model-disagreement',
      kind: 'model-tipped',
      position: formatSpn(d.game.position),
      lifted: d.hand.map((h) => wellName(h.from)),
      margin: ctx.model.tipMargins(board),
    });
  }
}
