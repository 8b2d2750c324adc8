#!/usr/bin/env node
// Launcher. It runs the command's build in dist/bundle/ (made by `npm ci`'s prepare step or
// `npm run build`) while no source it was built from has changed since; otherwise (a source
// edited since, or no build) it runs the sources through tsx's loader, which is slower to
// start, so an edited tree never runs stale code.
import { fileURLToPath } from 'node:url';
import { freshBuild } from './dist-freshness.js';

// Output piped into `head` and the like: a closed pipe ends the command quietly, as for any Unix tool.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

const root = fileURLToPath(new URL('..', import.meta.url));

const build = freshBuild(root, process.argv[2]);
let main;
if (build !== undefined) ({ main } = await import(`../dist/bundle/${build}/main.js`));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
