/**
 * The Surakarta referee: a pure reducer from (state, board event) to (state, verdicts).
 * Physical events first update the referee's account of what stands where and what is in
 * hand; then the phase decides what the change means (part of a move, a foul, a restoration,
 * the start position). It follows the Senryaku referee's rulings on fouls, touch move and
 * restoring the board (RULES.md: "as for Senryaku"); the board cannot tip, so tilt reports
 * are ignored and a move is final when its piece is placed.
 */
import { endByAgreement } from '../../rules/surakarta/game.ts';
import { legalMoves, type Move } from '../../rules/surakarta/moves.ts';
import { positionAfter } from '../../rules/surakarta/play.ts';
import { newSurakartaMatch } from '../../rules/surakarta/match.ts';
import { startPosition } from '../../rules/surakarta/position.ts';
import { EMPTY, POINTS, opposite, parsePoint, pointName, sideOf, type Point } from '../../rules/surakarta/types.ts';
import { announceBlindDestinations, moveShownAfterReport, unseenBeforeLift, unseenBeforePlace, type UnseenStep } from '../blind-moves.ts';
import { HEALTHY, applySensorInput, blindReport, caughtUp, occupiedAsFarAsSeen } from '../sensor-health.ts';
import { SURAKARTA_SENSOR_WORDS, blindView } from './blind.ts';
import type { OperatorAction, RefereeInput } from '../inputs.ts';
import type { RefereeStep, RulesetReferee } from '../referee.ts';
import { attributeHolding } from './attribution.ts';
import { sameOccupancy } from './board-view.ts';
import { stepContext, type StepContext } from './context.ts';
import { acceptMove, checkSetup, commitFoul, endGame, forfeitEnd, reportSetup } from './game-flow.ts';
import { judgeLift, judgePlacement } from './judge.ts';
import { checkFoulResolved, checkResync } from './recovery.ts';
import { DEFAULT_SURAKARTA_SETTINGS, type SurakartaRefereeSettings } from './settings.ts';
import { snapshotOf } from './snapshot.ts';
import { formatPosition } from '../../rules/surakarta/position-notation.ts';
import { judgeUnheard } from '../unheard.ts';
import { UNKNOWN_PIECE, draftOf, type HeldPiece, type SurakartaRefereeState } from './state.ts';

/** Throws TypeError for settings no match can be played with (programmer misuse: the descriptor checks them first). */
export function initialSurakartaState(settings: SurakartaRefereeSettings = DEFAULT_SURAKARTA_SETTINGS): SurakartaRefereeState {
  const match = newSurakartaMatch(settings.match);
  if (!match.ok) throw new TypeError(`invalid match settings: ${match.error.message}`);
  return {
    settings,
    phase: 'setup',
    match: match.value,
    game: { position: settings.firstPosition ?? startPosition() },
    onBoard: new Int8Array(POINTS),
    hand: [],
    fouls: { light: 0, dark: 0 },
    changedSinceOver: true,
    sensors: HEALTHY,
  };
}

export function surakartaReferee(settings: SurakartaRefereeSettings = DEFAULT_SURAKARTA_SETTINGS): RulesetReferee<SurakartaRefereeState> {
  initialSurakartaState(settings); // fail at construction, not at the first game
  return { ruleset: 'surakarta', initialState: () => initialSurakartaState(settings), step: stepSurakarta, snapshot: snapshotOf };
}

const inGame = (ctx: StepContext): boolean => ctx.d.phase === 'play' || ctx.d.phase === 'foul';
const onTheBoard = (p: number): boolean => Number.isInteger(p) && p >= 0 && p < POINTS;

export function stepSurakarta(state: SurakartaRefereeState, input: RefereeInput): RefereeStep<SurakartaRefereeState> {
  const ctx = stepContext(draftOf(state), input.atMs, 'sinceMs' in input ? (input.sinceMs ?? input.atMs) : input.atMs);
  const offBoard = (cells: readonly number[]): boolean => {
    const bad = cells.find((p) => !onTheBoard(p));
    if (bad !== undefined) ctx.emit({ type: 'notice', message: `ignored a ${input.type} event at cell ${bad}, off the 6×6 board` });
    return bad !== undefined;
  };
  switch (input.type) {
    case 'lifted':
      if (offBoard([input.well]) || caughtUp(ctx.d, input.well, 'lift', ctx.at)) break;
      if (ctx.d.phase === 'play') unseen(ctx, unseenBeforeLift(blindView(ctx), input.well));
      onLift(ctx, input.well);
      break;
    case 'placed': {
      if (offBoard([input.well]) || caughtUp(ctx.d, input.well, 'place', ctx.at)) break;
      const before = ctx.d.phase === 'play' ? unseenBeforePlace(blindView(ctx), input.well) : [];
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
    case 'interference':
      ctx.d.interferenceSince = input.phase === 'start' ? (ctx.d.interferenceSince ?? ctx.happenedAt) : undefined;
      if (input.phase === 'end') afterChange(ctx);
      break;
    case 'snapshot':
      onSnapshot(ctx, input.occupied.filter(onTheBoard), input.resumed ?? false, input.blind ?? [], input.unheardSinceMs);
      break;
    case 'sensor':
      applySensorInput(ctx.d, input, SURAKARTA_SENSOR_WORDS, (v) => ctx.emit(v));
      break;
    case 'operator':
      onOperator(ctx, input.action);
      break;
    case 'tipped': // a Surakarta board has no tilt switches: a stray report changes nothing
    case 'levelled':
    case 'tick':
      break;
  }
  checkTimers(ctx);
  return { state: ctx.d, verdicts: ctx.verdicts };
}

/** Changes on blind points the referee takes as having happened, judged as if sensed. */
function unseen(ctx: StepContext, steps: readonly UnseenStep[]): void {
  for (const s of steps)
    if (s.kind === 'lift') onLift(ctx, s.well, false);
    else onPlace(ctx, s.well);
}

/** A placement more than one blind point could explain: the board has the piece; judging waits for the operator's word. */
function holdPlacement(ctx: StepContext, point: Point): void {
  ctx.d.onBoard[point] = UNKNOWN_PIECE;
  noteChange(ctx);
}

/**
 * The operator's word on what a blind point holds: taken as that point's reading (a lift or
 * a placement there), unless it is what the referee already had. During play a move the
 * board now shows, with the pieces in hand aside, is taken at once (a placement that waited,
 * a capture from a blind point).
 */
function onBlindReport(ctx: StepContext, action: Extract<OperatorAction, { kind: 'blind' }>): void {
  const step = blindReport(ctx.d, action, parsePoint, SURAKARTA_SENSOR_WORDS);
  if ('notice' in step) return ctx.emit({ type: 'notice', message: step.notice });
  if (step.kind === 'place') return onPlace(ctx, step.well);
  const shown = ctx.d.phase === 'play' ? explainedByLift(ctx, step.well) : undefined;
  if (shown) acceptMove(ctx, shown);
  else onLift(ctx, step.well);
}

/** During play: the one legal move through `point` the board shows once its piece is taken as gone. */
function explainedByLift(ctx: StepContext, point: Point): Move | undefined {
  const after = ctx.d.onBoard.slice();
  after[point] = EMPTY;
  const pos = ctx.d.game.position;
  return moveShownAfterReport(blindView(ctx), point, (m) => sameOccupancy(after, positionAfter(pos, m).board));
}

/** Any change to the board after a game makes a start position seen later a new setup. */
function noteChange(ctx: StepContext): void {
  if (ctx.d.phase === 'game-over') ctx.d.changedSinceOver = true;
}

/** `announce`: say what a blind destination means (not for a lift the referee only infers). */
function onLift(ctx: StepContext, point: Point, announce = true): void {
  const { d } = ctx;
  const before = [...d.hand];
  const cell = d.onBoard[point] ?? EMPTY;
  d.onBoard[point] = EMPTY;
  if (cell !== EMPTY) d.hand.push({ cell, from: point });
  noteChange(ctx);
  if (d.phase === 'play') {
    judgeLift(ctx, point, cell, before);
    const said = ctx.verdicts.at(-1);
    if (announce && said?.type === 'lifted' && said.well === pointName(point)) announceBlindDestinations(blindView(ctx), point);
  } else afterChange(ctx);
}

/**
 * Which held piece was set down (the sensors cannot tell): onto an enemy piece's point, the
 * mover's piece that captures there; else one returning home, else the last lifted. While a
 * foul stands, a held piece may have been lifted off the wrong point, so any of the mover's
 * pieces in hand counts as the capturer when a legal capture's piece is off the board.
 */
function takeFromHand(ctx: StepContext, point: Point): HeldPiece | undefined {
  const { d } = ctx;
  if (d.hand.length === 0) return undefined;
  const pos = d.game.position;
  let i = -1;
  if (d.hand.some((h) => h.from === point && sideOf(h.cell) === opposite(pos.turn))) {
    const captures = legalMoves(pos).filter((m) => m.capture && m.to === point);
    const capturer = (h: HeldPiece): boolean =>
      d.phase === 'play' ? captures.some((m) => m.from === h.from) : captures.some((m) => d.onBoard[m.from] === EMPTY);
    i = d.hand.findIndex((h) => sideOf(h.cell) === pos.turn && capturer(h));
  }
  if (i < 0) i = d.hand.findIndex((h) => h.from === point);
  if (i < 0) i = d.hand.length - 1;
  return d.hand.splice(i, 1)[0];
}

function onPlace(ctx: StepContext, point: Point): void {
  const { d } = ctx;
  const placed = takeFromHand(ctx, point);
  d.onBoard[point] = placed?.cell ?? UNKNOWN_PIECE;
  noteChange(ctx);
  if (d.phase === 'play') judgePlacement(ctx, point, placed);
  else afterChange(ctx);
}

function onRoll(ctx: StepContext, from: Point, to: Point): void {
  const { d } = ctx;
  const cell = d.onBoard[from] ?? EMPTY;
  d.onBoard[from] = EMPTY;
  d.onBoard[to] = cell === EMPTY ? UNKNOWN_PIECE : cell;
  noteChange(ctx);
  if (d.phase === 'play') commitFoul(ctx, 'Rolled', `the piece on ${pointName(from)} slid to ${pointName(to)}: pieces must be lifted`);
  else afterChange(ctx);
}

/** After a change outside normal play: is the foul put right, the board resynced, the start position set? */
function afterChange(ctx: StepContext): void {
  switch (ctx.d.phase) {
    case 'foul':
      checkFoulResolved(ctx);
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

/** What makes two of the referee's accounts the same game: the position, the phase, the pieces in hand. */
const outcomeKey = (s: SurakartaRefereeState): string =>
  `${formatPosition(s.game.position)}|${s.phase}|${s.hand
    .map((h) => h.from)
    .sort((a, b) => a - b)
    .join(',')}`;

function onSnapshot(
  ctx: StepContext,
  occupied: readonly Point[],
  resumed: boolean,
  unseenPoints: readonly Point[],
  unheardSinceMs: number | undefined,
): void {
  const { d } = ctx;
  const seen = occupiedAsFarAsSeen(occupied, unseenPoints, d.sensors, d.onBoard);
  // The board was not heard: the rules say what happened meanwhile, or that it must be put back.
  const unheard = judgeUnheard({ ...d }, d.phase, seen, ctx.at, unheardSinceMs, !resumed, stepSurakarta, outcomeKey);
  if (unheard.kind === 'nothing') return;
  if (unheard.kind === 'explained') {
    Object.assign(d, draftOf(unheard.state));
    ctx.verdicts.push(...unheard.verdicts);
    return;
  }
  const { why } = unheard;
  const sensed = new Int8Array(POINTS);
  for (const p of seen) sensed[p] = d.onBoard[p] !== EMPTY ? (d.onBoard[p] ?? UNKNOWN_PIECE) : UNKNOWN_PIECE;
  const unchanged = sameOccupancy(sensed, d.onBoard);
  // The referee's own account already matches what the sensors see: nothing to say, except
  // after a restart on a journal, when players wait to hear that play goes on, or when what
  // was not heard could have been more than the board shows (a capture completed unseen; a
  // foul put right and the move made, which leaves the board as the foul did).
  const ambiguous = why !== undefined && (d.phase === 'play' || d.phase === 'foul');
  if (unchanged && !ambiguous && (d.phase === 'foul' || (d.phase === 'play' && !resumed))) return;
  if (!unchanged) d.changedSinceOver = true;
  d.onBoard = sensed;
  d.hand = [];
  if (d.phase === 'setup' || d.phase === 'game-over' || d.phase === 'match-over') {
    if (d.phase === 'match-over') return;
    if (!checkSetup(ctx)) reportSetup(ctx);
    return;
  }
  d.phase = 'resync';
  d.lastResyncReport = undefined;
  checkResync(ctx, why);
}

/**
 * `agree`: the players end the game here; the last legal position's piece counts decide it.
 * `attribute`: who held the board in the holding that ended the last game (attribution.ts).
 */
function onOperator(ctx: StepContext, action: OperatorAction): void {
  const { d } = ctx;
  if (action.kind === 'attribute') return attributeHolding(ctx, action.to);
  if (action.kind === 'blind') return onBlindReport(ctx, action);
  if (!inGame(ctx) && d.phase !== 'resync') {
    ctx.emit({ type: 'notice', message: 'no game is in progress: nothing to end by agreement' });
    return;
  }
  const ended = endByAgreement(d.game);
  if (!ended.ok || !ended.value.result) return;
  const { winner, reason, pieces } = ended.value.result;
  endGame(ctx, { ...(winner ? { winner } : {}), reason, scores: pieces });
}

function checkTimers(ctx: StepContext): void {
  const { d, at } = ctx;
  if (!inGame(ctx) || d.interferenceSince === undefined || at - d.interferenceSince < d.settings.holdingGraceMs) return;
  const loser = d.game.position.turn;
  const holding = { loser, game: d.game, fouls: d.fouls, ...(d.touched !== undefined ? { touched: d.touched } : {}) };
  ctx.emit({
    type: 'forfeit',
    loser,
    reason: 'holding',
    message: `the board was held for ${((at - d.interferenceSince) / 1000).toFixed(1)} s during ${loser}'s turn`,
  });
  endGame(ctx, forfeitEnd(d.game.position, loser, 'holding'));
  d.holding = holding;
}
