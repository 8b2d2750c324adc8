// Whether the CLI compiled to dist/ may run: its build stamp (dist/.built, written last by
// scripts/build-cli.mjs) is newer than every file in src/. The launcher asks it at every start,
// and bench/startup.ts times it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function distIsFresh(root) {
  let built;
  try {
    built = statSync(join(root, 'dist', '.built')).mtimeMs;
  } catch {
    return false;
  }
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true }))
    if (entry.isFile() && statSync(join(entry.parentPath, entry.name)).mtimeMs > built) return false;
  return true;
}
