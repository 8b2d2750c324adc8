/** Surakarta's session: a match of games or points, its board set up from a journal, its simulated players. */
import { surakartaReferee, type SurakartaRefereeState } from '../../referee/surakarta/index.ts';
import { DEFAULT_SURAKARTA_SETTINGS } from '../../referee/surakarta/settings.ts';
import { START_POSITION, formatPosition } from '../../rules/surakarta/index.ts';
import { SURAKARTA, parseSurakartaSettings, surakartaGame } from '../../rulesets/surakarta.ts';
import { surakartaPlayersOn } from '../autoplay/surakarta-players.ts';
import { resumePoint } from '../resume.ts';
import { ownSettings, type GameSession } from './game-session.ts';

/**
 * The pieces a simulated board holds to go on: the last legal position of a game in
 * progress; before game 1, its first position; between games, the start position (the
 * players have set it up, so the next game starts at once).
 */
function boardToContinue(state: SurakartaRefereeState): string {
  switch (state.phase) {
    case 'play':
    case 'foul':
    case 'resync':
      return formatPosition(state.game.position);
    case 'setup':
      return state.settings.firstPosition && state.match.games.length === 0 ? formatPosition(state.settings.firstPosition) : START_POSITION;
    default:
      return START_POSITION;
  }
}

export const SURAKARTA_SESSION: GameSession = {
  ruleset: SURAKARTA,
  newMatch(file, { policy, surakarta }) {
    return surakartaGame({ ...DEFAULT_SURAKARTA_SETTINGS, policy, ...surakarta }, file.profile);
  },
  resumeSetup(contents) {
    const settings = parseSurakartaSettings(ownSettings(contents));
    // readJournal has checked the header with this very parser.
    if (!settings.ok) throw new Error(`journal header: ${settings.error}`);
    const { state } = resumePoint(contents, surakartaReferee(settings.value));
    return state.phase === 'match-over' ? { over: true } : { over: false, position: boardToContinue(state) };
  },
  simulatedPlayers: (sim, _file, seed, scheduler) => surakartaPlayersOn(sim, seed, scheduler),
};
