/** Surakarta's session: a match of games or points, its board set up from a journal, its simulated players. */
import { surakartaReferee, type SurakartaRefereeState } from '../../games/surakarta/referee.ts';
import { DEFAULT_SURAKARTA_SETTINGS } from '../../games/surakarta/referee.ts';
import { START_POSITION, formatPosition } from '../../rules/surakarta/index.ts';
import { SURAKARTA, parseSurakartaMatch, parseSurakartaSettings, surakartaGame } from '../../rulesets/surakarta.ts';
import { parsePosition, type Position, type SurakartaMatch } from '../../rules/surakarta/index.ts';
import type { MatchOptionsText, SettingsProblem } from '../match-settings.ts';
import { surakartaPlayersOn } from '../../games/surakarta/players.ts';
import { resumePoint } from '../../journal/resume.ts';
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
    case 'match-over': // ended by a holding forfeit, resumed for the operator to attribute it: the board as it was left
      return state.holding ? formatPosition(state.game.position) : START_POSITION;
    default:
      return START_POSITION;
  }
}

/** A Surakarta match: a number of games or a points target, game 1 from a position when not the start. */
interface SurakartaPlan {
  readonly match: SurakartaMatch;
  readonly firstPosition?: Position;
}

function readPlan(text: MatchOptionsText, problems: SettingsProblem[]): SurakartaPlan {
  for (const [option, value] of [
    ['track', text.track],
    ['colours', text.colours],
  ] as const)
    if (value !== undefined)
      problems.push({ option, message: `${option} is for Senryaku's scoring track; a Surakarta match is --match games:N|points:N` });
  const match = parseSurakartaMatch(text.match ?? 'games:2');
  if (!match.ok) problems.push({ option: 'match', message: `match: ${match.error}` });
  let firstPosition: Position | undefined;
  if (text.position !== undefined) {
    const parsed = parsePosition(text.position.trim());
    if (parsed.ok) firstPosition = parsed.value;
    else
      problems.push({
        option: 'position',
        message: `position is not a valid Surakarta position: ${parsed.error.message} [${parsed.error.code}]`,
      });
  }
  return { match: match.ok ? match.value : DEFAULT_SURAKARTA_SETTINGS.match, ...(firstPosition ? { firstPosition } : {}) };
}

export const SURAKARTA_SESSION: GameSession = {
  ruleset: SURAKARTA,
  readPlan,
  newMatch(file, { policy, plan }) {
    // The plan is the one readPlan made.
    return surakartaGame({ ...DEFAULT_SURAKARTA_SETTINGS, policy, ...(plan as SurakartaPlan) }, file.profile);
  },
  resumeSetup(contents) {
    const settings = parseSurakartaSettings(ownSettings(contents));
    // readJournal has checked the header with this very parser.
    if (!settings.ok) throw new Error(`journal header: ${settings.error}`);
    const { state } = resumePoint(contents, surakartaReferee(settings.value));
    // A match ended by a holding forfeit goes on for the operator to attribute it (docs/surakarta-referee.md).
    return state.phase === 'match-over' && !state.holding ? { over: true } : { over: false, position: boardToContinue(state) };
  },
  simulatedPlayers: (sim, _file, seed, scheduler) => surakartaPlayersOn(sim, seed, scheduler),
};
