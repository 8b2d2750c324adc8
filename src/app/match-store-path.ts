/** Where the match store lives, apart from the store itself (SQLite), for commands that check it before they open it. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const MATCH_DB_ENV = 'SENRYAKU_MATCH_DB';

/** Where the match store lives: --db, else $SENRYAKU_MATCH_DB, else the XDG data directory. */
export function resolveStorePath(option: string | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (option) return option;
  if (env[MATCH_DB_ENV]) return env[MATCH_DB_ENV];
  const data = env.XDG_DATA_HOME ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(data, 'senryaku', 'matches.db');
}
