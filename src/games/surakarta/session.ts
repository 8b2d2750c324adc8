/** Surakarta's session: a match of games or points, its board set up from a journal, its simulated players. */
import { DEFAULT_SURAKARTA_SETTINGS } from './referee.ts';
import { SURAKARTA, parseSurakartaMatch, surakartaGame } from './index.ts';
import { parsePosition, type Position, type SurakartaMatch } from './rules/index.ts';
import type { MatchOptionsText, SettingsProblem } from '../../app/match-settings.ts';
import { surakartaPlayersOn } from './players.ts';
import { resumeSetup } from '../../journal/resume.ts';
import type { GameSession } from '../../rulesets/game-session.ts';

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
  resumeSetup: (contents) => resumeSetup(contents, SURAKARTA),
  simulatedPlayers: (sim, _file, seed, scheduler) => surakartaPlayersOn(sim, seed, scheduler),
};
