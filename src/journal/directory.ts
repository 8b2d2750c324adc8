/** Where match journals live: --journal-dir, else $SENRYAKU_JOURNAL_DIR, else the XDG data directory. */
import { homedir } from 'node:os';
import { join } from 'node:path';

export const JOURNAL_DIR_ENV = 'SENRYAKU_JOURNAL_DIR';

export function resolveJournalDir(option: string | undefined, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (option) return option;
  if (env[JOURNAL_DIR_ENV]) return env[JOURNAL_DIR_ENV];
  const data = env.XDG_DATA_HOME ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  return join(data, 'senryaku', 'journal');
}
