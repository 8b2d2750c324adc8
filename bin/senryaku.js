#!/usr/bin/env node
// Launcher. It runs the CLI compiled to dist/ (built by `npm ci`'s prepare step or `npm run
// build`) while that build is newer than every file in src/; otherwise (a source edited since,
// or no build) it runs the sources through tsx's loader, which is slower to start, so an
// edited tree never runs stale code.
import { fileURLToPath } from 'node:url';
import { distIsFresh } from './dist-freshness.js';

// Output piped into `head` and the like: a closed pipe ends the command quietly, as for any Unix tool.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

const root = fileURLToPath(new URL('..', import.meta.url));

let main;
if (distIsFresh(root)) ({ main } = await import('../dist/cli/main.js'));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
