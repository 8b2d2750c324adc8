/**
 * Where a resumed match stands for a board that is set up to go on (a simulated board after a
 * restart): the last legal position of a game in progress; before game 1, its first
 * position; between games, the start position (the players have set it up, so the next game
 * starts at once); nothing to set up once the match is over, unless it ended by a holding
 * forfeit, which goes on for the operator to attribute it (the board as it was left).
 */
import type { GameTypes } from './game-types.ts';
import type { BoardToContinue } from './referee.ts';
import type { RefereeRules } from './rules.ts';
import type { RefereeState } from './state.ts';

export function boardToContinue<G extends GameTypes>(rules: RefereeRules<G>, state: RefereeState<G>): BoardToContinue {
  const start = rules.formatPosition(rules.startPosition());
  const at = (position: string): BoardToContinue => ({ over: false, position });
  switch (state.phase) {
    case 'play':
    case 'foul':
    case 'resync':
      return at(rules.formatPosition(state.game.position));
    case 'setup':
      return at(
        state.settings.firstPosition && state.match.games.length === 0 ? rules.formatPosition(state.settings.firstPosition) : start,
      );
    case 'match-over':
      return state.holding ? at(rules.formatPosition(state.game.position)) : { over: true };
    case 'game-over':
      return at(start);
  }
}
