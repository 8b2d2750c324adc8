/**
 * Physical changes on the board: each first updates the referee's account of what stands
 * where and what is in hand (the sensors tell occupancy, not which piece), then the phase
 * decides what it means (part of a move, a foul, a restoration, the start position). Changes
 * on blind cells the referee takes as having happened are judged the same way, as if sensed.
 */
import { carryOut } from './advice.ts';
import type { BoardAction } from './board-physics.ts';
import { announceBlindDestinations, moveShownAfterReport, type UnseenStep } from './blind-moves.ts';
import { blindView } from './blind-view.ts';
import { cellName, judging, type StepContext } from './context.ts';
import { checkSetup } from './game-flow.ts';
import type { OperatorAction } from './inputs.ts';
import { judgeLift, judgePlacement } from './judge.ts';
import { checkFoulResolved, checkResync } from './recovery.ts';
import type { GameTypes } from './rules.ts';
import { blindReport } from './sensor-health.ts';
import { foulInPlay, pieceGoingBack } from './takeback.ts';
import type { HeldPiece } from './state.ts';

const EMPTY = 0;

/** Any change to the board after a game makes a start position seen later a new setup; the physics hears every action. */
function noteAction<G extends GameTypes>(ctx: StepContext<G>, action: BoardAction, cell: number): void {
  if (ctx.d.phase === 'game-over') ctx.d.changedSinceOver = true;
  ctx.rules.physics?.onAction(ctx, action, cell);
}

/** `announce`: say what a blind destination means (not for a lift the referee only infers). */
export function onLift<G extends GameTypes>(ctx: StepContext<G>, cell: number, announce = true): void {
  const { d } = ctx;
  const before = [...d.hand];
  const code = d.onBoard[cell] ?? EMPTY;
  d.onBoard[cell] = EMPTY;
  if (code !== EMPTY) d.hand.push({ cell: code, from: cell });
  noteAction(ctx, 'lift', cell);
  if (judging(ctx)) {
    judgeLift(ctx, cell, code, before);
    const said = ctx.verdicts.at(-1);
    if (announce && said?.type === 'lifted' && said.well === cellName(ctx, cell)) announceBlindDestinations(blindView(ctx), cell);
  } else afterUnjudged(ctx);
  ctx.rules.physics?.afterAction(ctx);
}

/**
 * Which held piece was set down (the sensors cannot tell): while a takeback is under way, the
 * one that belongs there in the earlier position; onto a piece the mover may capture,
 * the mover's piece that captures there; else one returning home; else the last lifted. While a
 * foul stands, where a foul is put right by any legal move (`foulRecovery: 'moves'`), a held
 * piece may have been lifted off the wrong cell, so any of the mover's pieces in hand counts as
 * the capturer when a legal capture's piece is off the board.
 */
function takeFromHand<G extends GameTypes>(ctx: StepContext<G>, cell: number): HeldPiece | undefined {
  const { d, rules } = ctx;
  if (d.hand.length === 0) return undefined;
  const pos = d.game.position;
  const goingBack = pieceGoingBack(ctx, cell);
  let i = goingBack === undefined ? -1 : d.hand.findIndex((h) => h.cell === goingBack);
  if (i >= 0) return d.hand.splice(i, 1)[0];
  if (d.hand.some((h) => h.from === cell && rules.capturable(h.cell, pos.turn))) {
    const captures = rules.legalMoves(pos).filter((m) => m.capture && m.to === cell);
    const anyOffBoard = d.phase !== 'play' && rules.rulings.foulRecovery === 'moves';
    const capturer = (h: HeldPiece): boolean =>
      anyOffBoard ? captures.some((m) => d.onBoard[m.from] === EMPTY) : captures.some((m) => m.from === h.from);
    i = d.hand.findIndex((h) => rules.sideOf(h.cell) === pos.turn && capturer(h));
  }
  if (i < 0) i = d.hand.findIndex((h) => h.from === cell);
  if (i < 0) i = d.hand.length - 1;
  return d.hand.splice(i, 1)[0];
}

export function onPlace<G extends GameTypes>(ctx: StepContext<G>, cell: number): void {
  const { d } = ctx;
  const placed = takeFromHand(ctx, cell);
  d.onBoard[cell] = placed?.cell ?? ctx.rules.board.unknownPiece;
  noteAction(ctx, 'place', cell);
  if (judging(ctx)) judgePlacement(ctx, cell, placed);
  else afterUnjudged(ctx);
  ctx.rules.physics?.afterAction(ctx);
}

export function onRoll<G extends GameTypes>(ctx: StepContext<G>, from: number, to: number): void {
  const { d, rules } = ctx;
  const code = d.onBoard[from] ?? EMPTY;
  d.onBoard[from] = EMPTY;
  d.onBoard[to] = code === EMPTY ? rules.board.unknownPiece : code;
  noteAction(ctx, 'roll', to);
  const { piece, pieces, rolled } = rules.words;
  if (judging(ctx))
    foulInPlay(ctx, 'Rolled', `the ${piece} on ${cellName(ctx, from)} ${rolled} to ${cellName(ctx, to)}: ${pieces} must be lifted`);
  else afterUnjudged(ctx);
  ctx.rules.physics?.afterAction(ctx);
}

/** A change not judged as play: unless the physics holds judgement, is the foul put right, the board resynced, the start position set? */
function afterUnjudged<G extends GameTypes>(ctx: StepContext<G>): void {
  if (!(ctx.rules.physics?.holdsJudgement(ctx.d.physics) ?? false)) afterChange(ctx);
}

/** After a change outside normal play: is the foul put right, the board resynced, the start position set? */
export function afterChange<G extends GameTypes>(ctx: StepContext<G>): void {
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

/** Changes on blind cells the referee takes as having happened, judged as if sensed. */
export function unseen<G extends GameTypes>(ctx: StepContext<G>, steps: readonly UnseenStep[]): void {
  for (const s of steps)
    if (s.kind === 'lift') onLift(ctx, s.well, false);
    else onPlace(ctx, s.well);
}

/** A placement more than one blind cell could explain: the board has the piece; judging waits for the operator's word. */
export function holdPlacement<G extends GameTypes>(ctx: StepContext<G>, cell: number): void {
  ctx.d.onBoard[cell] = ctx.rules.board.unknownPiece;
  noteAction(ctx, 'place', cell);
}

/**
 * The operator's word on what a blind cell holds: taken as that cell's reading (a lift or a
 * placement there), unless it is what the referee already had. During play a move the board
 * now shows, with the pieces in hand aside, is taken at once (a placement that waited, a
 * capture from a blind cell).
 */
export function onBlindReport<G extends GameTypes>(ctx: StepContext<G>, action: Extract<OperatorAction, { kind: 'blind' }>): void {
  const step = blindReport(ctx.d, action, ctx.rules.board.parseCell, ctx.engine.sensorWords);
  if ('notice' in step) return ctx.emit({ type: 'notice', message: step.notice });
  if (step.kind === 'place') return onPlace(ctx, step.well);
  const shown = judging(ctx) ? explainedByLift(ctx, step.well) : undefined;
  if (shown) carryOut(ctx, shown);
  else onLift(ctx, step.well);
}

/** During play: the one legal move through `cell` the board shows once its piece is taken as gone. */
function explainedByLift<G extends GameTypes>(ctx: StepContext<G>, cell: number): G['move'] | undefined {
  const { d, rules } = ctx;
  const after = d.onBoard.slice();
  after[cell] = EMPTY;
  const pos = d.game.position;
  return moveShownAfterReport(blindView(ctx), cell, (m) => ctx.engine.view.sameOccupancy(after, rules.positionAfter(pos, m).board));
}
