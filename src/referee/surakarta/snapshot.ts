/** The Surakarta referee's state as a common RefereeSnapshot. */
import { MAX_TRACK_LENGTH } from '../../rules/match/track.ts';
import { currentGame, matchLength, sidesOfGame } from '../../rules/surakarta/match.ts';
import { formatPosition } from '../../rules/surakarta/position-notation.ts';
import type { RefereeSnapshot } from '../snapshot.ts';
import { sensorsSnapshot } from '../sensor-health.ts';
import { restorationSteps } from './board-view.ts';
import { SURAKARTA_SENSOR_WORDS } from './blind.ts';
import type { SurakartaRefereeState } from './state.ts';

export function snapshotOf(s: SurakartaRefereeState): RefereeSnapshot {
  const over = s.phase === 'game-over' || s.phase === 'match-over';
  // After a game, its record is in the match: the game shown is the one just played.
  const game = over ? Math.max(1, s.match.games.length) : currentGame(s.match);
  const pos = s.game.position;
  return {
    phase: s.phase,
    game,
    position: formatPosition(pos),
    ...(over ? {} : { turn: pos.turn }),
    // Light first: the players in playing order.
    players: sidesOfGame(game),
    // The scoring board's track: the number of games, or the points target.
    // The scoring board's track has at most MAX_TRACK_LENGTH holes: a longer points target fills it.
    score: { points: s.match.points, games: s.match.gamesWon, trackLength: Math.min(matchLength(s.match.settings), MAX_TRACK_LENGTH) },
    fouls: s.fouls,
    ...(s.phase === 'foul' && s.foul
      ? { pendingFoul: { code: s.foul, side: pos.turn, restore: restorationSteps(s.onBoard, pos.board) } }
      : {}),
    ...(s.match.winner ? { winner: s.match.winner } : {}),
    sensors: sensorsSnapshot(s.sensors, SURAKARTA_SENSOR_WORDS),
  };
}
