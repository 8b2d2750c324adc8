/** The Senryaku referee's state as a common RefereeSnapshot. */
import { currentGameNumber, playerOfSide } from '../../rules/match/track.ts';
import { formatSpn } from '../../rules/senryaku/spn.ts';
import type { RefereeSnapshot } from '../snapshot.ts';
import { sensorsSnapshot } from '../sensor-health.ts';
import { restorationSteps } from './board-view.ts';
import { SENRYAKU_SENSOR_WORDS } from './blind.ts';
import type { SenryakuRefereeState } from './state.ts';

export function snapshotOf(s: SenryakuRefereeState): RefereeSnapshot {
  const over = s.phase === 'game-over' || s.phase === 'match-over';
  // After a game, its record is in the match: the game shown is the one just played.
  const game = over ? Math.max(1, s.match.games.length) : currentGameNumber(s.match);
  const pos = s.game.position;
  const side = pos.turn;
  return {
    phase: s.phase,
    game,
    position: formatSpn(pos),
    ...(over ? {} : { turn: side }),
    players: { white: playerOfSide(s.match, 'white', game), black: playerOfSide(s.match, 'black', game) },
    score: { points: s.match.points, games: s.match.gamesWon, trackLength: s.match.settings.trackLength },
    fouls: s.fouls,
    ...(s.phase === 'foul' && s.foul ? { pendingFoul: { code: s.foul, side, restore: restorationSteps(s.onBoard, pos.board) } } : {}),
    ...(s.match.winner ? { winner: s.match.winner } : {}),
    sensors: sensorsSnapshot(s.sensors, SENRYAKU_SENSOR_WORDS),
  };
}
