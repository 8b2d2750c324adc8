/** Every game a session can referee, by ruleset id (the registry's ids). */
import type { RulesetId } from './ruleset.ts';
import type { GameSession } from './game-session.ts';
import { SENRYAKU_SESSION } from '../games/senryaku/session.ts';
import { SURAKARTA_SESSION } from '../games/surakarta/session.ts';

export const GAME_SESSIONS: ReadonlyMap<RulesetId, GameSession> = new Map(
  [SENRYAKU_SESSION, SURAKARTA_SESSION].map((s) => [s.ruleset.id, s]),
);

export { ownSettings, type GameSession } from './game-session.ts';
