/**
 * `mkdir -p` that fails rather than hangs. Node 20's `mkdirSync(path, { recursive: true })`
 * retries for ever where mkdir says ENOENT under a parent that exists, which is what a
 * kernel file system (`/proc`, `/sys`) says: `--db /proc/a/x.db` hung with no output. Here
 * each missing directory is made once, from the top, and the first refusal is thrown.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Makes `path` and its missing parents; returns the first directory made (undefined: it existed). Throws the OS error. */
export function makeDirectories(path: string): string | undefined {
  const missing: string[] = [];
  let at = resolve(path);
  while (statCode(at) === 'ENOENT') {
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  if (missing.length === 0) {
    if (statCode(at) === undefined && statSync(at).isDirectory()) return undefined;
    mkdirSync(at); // a file, or a parent that is a file: mkdir says which (EEXIST, ENOTDIR)
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) throw e; // EEXIST: made meanwhile, fine
    }
  }
  return missing[0];
}

/** The OS code stat gives for `path`, undefined when it exists. */
function statCode(path: string): string | undefined {
  try {
    statSync(path);
    return undefined;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? 'EIO';
  }
}
