/** Every game a session can referee, by ruleset id (the registry's ids). */
import type { RulesetId } from '../../rulesets/ruleset.ts';
import type { GameSession } from './game-session.ts';
import { SENRYAKU_SESSION } from './senryaku.ts';
import { SURAKARTA_SESSION } from './surakarta.ts';

export const GAME_SESSIONS: ReadonlyMap<RulesetId, GameSession> = new Map(
  [SENRYAKU_SESSION, SURAKARTA_SESSION].map((s) => [s.ruleset.id, s]),
);

export { ownSettings, type GameSession } from './game-session.ts';
