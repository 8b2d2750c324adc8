/** Senryaku's session: its track match, its board set up from a journal, its simulated players. */
import { COLOUR_MODES, MAX_TRACK_LENGTH, type MatchSettings } from '../../rules/match/track.ts';
import { parseSpn, type Position } from './rules/index.ts';
import { oneOfOption, wholeNumberOption, type MatchOptionsText, type SettingsProblem } from '../../app/match-settings.ts';
import { DEFAULT_REFEREE_SETTINGS } from './referee.ts';
import { SENRYAKU, senryakuGame } from './index.ts';
import { senryakuProfileOf } from './board.ts';
import { senryakuPlayersOn } from './players.ts';
import { resumeSetup } from '../../journal/resume.ts';
import type { GameSession } from '../../rulesets/game-session.ts';

/** A Senryaku match: played on the track (length and colours), game 1 from a position when not the start. */
export interface SenryakuPlan {
  readonly match: MatchSettings;
  readonly firstPosition?: Position;
}

export function readSenryakuPlan(text: MatchOptionsText, problems: SettingsProblem[]): SenryakuPlan {
  const colours = oneOfOption(text.colours ?? 'alternate', 'colours', COLOUR_MODES, problems);
  const trackLength = wholeNumberOption(text.track, 'track', 1, MAX_TRACK_LENGTH, problems) ?? 6;
  if (text.match !== undefined)
    problems.push({ option: 'match', message: 'match is for Surakarta; a Senryaku match is played on the track: --track N, --colours' });
  let firstPosition: Position | undefined;
  if (text.position !== undefined) {
    const parsed = parseSpn(text.position.trim());
    if (parsed.ok) firstPosition = parsed.value;
    else problems.push({ option: 'position', message: `position is not valid SPN: ${parsed.error.message} [${parsed.error.code}]` });
  }
  return { match: { trackLength, colours }, ...(firstPosition ? { firstPosition } : {}) };
}

export const SENRYAKU_SESSION: GameSession = {
  ruleset: SENRYAKU,
  readPlan: readSenryakuPlan,
  newMatch(file, { policy, plan }) {
    // The plan is the one readPlan made.
    const { match, firstPosition } = plan as SenryakuPlan;
    const profile = senryakuProfileOf(file);
    return senryakuGame({ ...DEFAULT_REFEREE_SETTINGS, profile, policy, match, ...(firstPosition ? { firstPosition } : {}) });
  },
  resumeSetup: (contents) => resumeSetup(contents, SENRYAKU),
  simulatedPlayers: (sim, file, seed, scheduler) => senryakuPlayersOn(sim, senryakuProfileOf(file), seed, undefined, scheduler),
};
