#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx's loader, so a fresh clone needs no build step.
import { register } from 'tsx/esm/api';

// Output piped into `head` and the like: a closed pipe ends the command quietly, as for any Unix tool.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
