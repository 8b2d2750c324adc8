/** Senryaku's session: its track match, its board set up from a journal, its simulated players. */
import { senryakuReferee } from '../../referee/senryaku/index.ts';
import { DEFAULT_REFEREE_SETTINGS } from '../../referee/senryaku/settings.ts';
import { SENRYAKU, senryakuGame } from '../../rulesets/senryaku.ts';
import { senryakuProfileOf } from '../../rulesets/senryaku-board.ts';
import { simulatedPlayersOn } from '../autoplay/autoplayer.ts';
import { refereeSettingsOf } from '../replay.ts';
import { resumeBoardSpn, resumePoint } from '../resume.ts';
import type { GameSession } from './game-session.ts';

export const SENRYAKU_SESSION: GameSession = {
  ruleset: SENRYAKU,
  newMatch(file, { policy, match, firstPosition }) {
    const profile = senryakuProfileOf(file);
    return senryakuGame({ ...DEFAULT_REFEREE_SETTINGS, profile, policy, match, ...(firstPosition ? { firstPosition } : {}) });
  },
  resumeSetup(contents) {
    const { state } = resumePoint(contents, senryakuReferee(refereeSettingsOf(contents.header)));
    return state.phase === 'match-over' ? { over: true } : { over: false, position: resumeBoardSpn(state) };
  },
  simulatedPlayers: (sim, file, seed, scheduler) => simulatedPlayersOn(sim, senryakuProfileOf(file), seed, undefined, scheduler),
};
