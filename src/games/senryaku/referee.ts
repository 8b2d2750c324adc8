/**
 * Senryaku (RULES.md) as the referee engine referees it: its rules core (src/games/senryaku/rules/)
 * behind `RefereeRules`, its match on the scoring track, its rulings, and its board's physics
 * (physics.ts: the tilt switches decide crashes, the balance model predicts them).
 */
import { createReferee } from '../../referee/engine.ts';
import type { RefereeRules } from '../../referee/rules.ts';
import { newMatch, playerOfSide, recordGame, withdrawLastGame } from '../../rules/match/track.ts';
import { END_REASONS, POINTS_FOR, type EndReason } from './rules/game.ts';
import { checkMove, legalMoves, movesFrom } from './rules/moves.ts';
import { formatMove } from './rules/notation.ts';
import { positionAfter } from './rules/play.ts';
import { startPosition } from './rules/position.ts';
import { formatSpn } from './rules/spn.ts';
import { COLORS, FILES, RANKS, WELLS, cellChar, cellColor, colouredOf, opposite, parseWell, wellName } from './rules/types.ts';
import { err, ok } from '../../util/result.ts';
import { SENRYAKU_PHYSICS } from './physics.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuGame, type SenryakuRefereeSettings } from './referee-types.ts';

export { DEFAULT_REFEREE_SETTINGS, type SenryakuGame, type SenryakuRefereeSettings, type SenryakuRefereeState } from './referee-types.ts';

/** A sphere whose identity the referee does not know (placed from outside, or sensed at start-up). */
const UNKNOWN_SPHERE = 5;

const isEndReason = (reason: string): reason is EndReason => (END_REASONS as readonly string[]).includes(reason);

export const SENRYAKU_REFEREE_RULES: RefereeRules<SenryakuGame> = {
  id: 'senryaku',
  name: 'Senryaku',
  board: {
    cells: WELLS,
    files: FILES,
    ranks: RANKS,
    cellName: wellName,
    parseCell: parseWell,
    pieceLetter: cellChar,
    unknownPiece: UNKNOWN_SPHERE,
  },
  words: { piece: 'sphere', pieces: 'spheres', cell: 'well', rolled: 'rolled' },
  sides: COLORS,
  opposite,
  sideOf: cellColor,
  // A capture takes the enemy coloured sphere, nothing else.
  capturable: (code, mover) => code === colouredOf(opposite(mover)),
  startPosition,
  formatPosition: formatSpn,
  legalMoves,
  movesFrom,
  checkMove,
  positionAfter,
  formatMove,
  liftFoul: (pos, well) =>
    pos.locked[pos.turn] === well
      ? { code: 'LockedSphere', message: `the sphere on ${wellName(well)} moved last turn and is locked: move another sphere first` }
      : undefined,
  // A capture wins (once it stands through the placement grace: physics.ts); a side left with no legal move loses.
  status: (pos, move) =>
    move?.capture
      ? { kind: 'over', end: { winner: opposite(pos.turn), reason: 'capture', forfeit: false } }
      : legalMoves(pos).length === 0
        ? { kind: 'no-move' }
        : { kind: 'on' },
  match: {
    newMatch: (settings) => {
      const match = newMatch(settings.match);
      return match.ok ? match : err(match.error.message);
    },
    players: (match, number) => ({ white: playerOfSide(match, 'white', number), black: playerOfSide(match, 'black', number) }),
    // Match points by how the game ended (RULES.md, End of a game); no Senryaku game is drawn.
    record: (match, end) => {
      if (end.winner === undefined || !isEndReason(end.reason)) return err(`no Senryaku game ends '${end.reason}' without a winner`);
      const points = POINTS_FOR[end.reason];
      const recorded = recordGame(match, { winner: end.winner, reason: end.reason, points });
      return recorded.ok ? ok({ match: recorded.value, points }) : err(recorded.error.message);
    },
    withdrawLast: (match) => {
      const withdrawn = withdrawLastGame(match);
      return withdrawn.ok ? withdrawn : err(withdrawn.error.message);
    },
    over: (match) => match.winner !== undefined,
    trackLength: (match) => match.settings.trackLength,
  },
  messages: {
    noCapturer: (mover, cell) => ({
      code: 'IllegalCaptureLift',
      message: `no sphere of ${mover} can capture the coloured sphere on ${cell}`,
    }),
    cannotCaptureNow: (cell) => `the coloured sphere on ${cell} cannot be captured now`,
    captureAbandoned: (cell) => `the coloured sphere was put back on ${cell}: capture abandoned`,
    notOwnPlaced: (_mover, from, to) => `the sphere from ${from} was set down on ${to}`,
  },
  rulings: {
    liftOnEmpty: 'foul',
    destinations: 'rules-order',
    setupReports: 'each-snapshot',
    judgesFirstPosition: false,
    foulRecovery: 'steps',
    blindTurnStart: 'their-piece-or-capture',
  },
  physics: SENRYAKU_PHYSICS,
};

export const senryakuReferee = (settings: SenryakuRefereeSettings = DEFAULT_REFEREE_SETTINGS) =>
  createReferee(SENRYAKU_REFEREE_RULES, settings);
