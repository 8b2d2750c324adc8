#!/usr/bin/env node
// Launcher. It runs the CLI compiled to dist/ (built by `npm ci`'s prepare step or `npm run
// build`) while that build is newer than every file in src/; otherwise (a source edited since,
// or no build) it runs the sources through tsx's loader, which is slower to start, so an
// edited tree never runs stale code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Output piped into `head` and the like: a closed pipe ends the command quietly, as for any Unix tool.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

const root = fileURLToPath(new URL('..', import.meta.url));

function builtAndFresh() {
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

let main;
if (builtAndFresh()) ({ main } = await import('../dist/cli/main.js'));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
