/** The engine's snapshot of a referee's state (snapshot.ts says what a snapshot holds). */
import type { Refereeing } from './context.ts';
import { currentGame } from './game-flow.ts';
import type { GameTypes } from './game-types.ts';
import { sensorsSnapshot } from './sensor-health.ts';
import type { RefereeSnapshot } from './snapshot.ts';
import type { RefereeState } from './state.ts';

/** Where the match stands in a referee's state. */
export function snapshotOf<G extends GameTypes>(game: Refereeing<G>, s: RefereeState<G>): RefereeSnapshot {
  const { rules, view, sensorWords } = game;
  const over = s.phase === 'game-over' || s.phase === 'match-over';
  // After a game, its record is in the match: the game shown is the one just played.
  const number = over ? Math.max(1, s.match.games.length) : currentGame(s.match);
  const pos = s.game.position;
  return {
    phase: s.phase,
    game: number,
    position: rules.formatPosition(pos),
    ...(over ? {} : { turn: pos.turn }),
    // In playing order.
    players: rules.match.players(s.match, number),
    score: { points: s.match.points, games: s.match.gamesWon, trackLength: rules.match.trackLength(s.match) },
    fouls: s.fouls,
    ...(s.phase === 'foul' && s.foul
      ? { pendingFoul: { code: s.foul, side: pos.turn, restore: view.restorationSteps(s.onBoard, pos.board) } }
      : {}),
    ...(s.match.winner ? { winner: s.match.winner } : {}),
    ...(s.computerMove ? { computerMove: { side: pos.turn, move: s.computerMove.notation } } : {}),
    hints: s.hints,
    sensors: sensorsSnapshot(s.sensors, sensorWords),
  };
}
