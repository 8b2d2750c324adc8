/**
 * `npm run firmware:flash -- --port PATH [--hex FILE] [--board surakarta] [--dry-run]`:
 * flashes the built firmware with avrdude (Debian package avrdude). --dry-run prints the
 * command instead of running it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { avrdudeArgs, defaultHexPath } from './avrdude.ts';

const { values } = parseArgs({
  options: { port: { type: 'string' }, hex: { type: 'string' }, board: { type: 'string' }, 'dry-run': { type: 'boolean' } },
});
if (!values.port) {
  console.error('usage: npm run firmware:flash -- --port PATH [--hex FILE] [--board senryaku|surakarta] [--dry-run]');
  process.exit(2);
}
const hex = values.hex ?? defaultHexPath(values.board);
const args = avrdudeArgs({ port: values.port, hex });
if (values['dry-run']) {
  console.log(['avrdude', ...args].join(' '));
  process.exit(0);
}
if (!existsSync(hex)) {
  console.error(`no ${hex}: build it first with npm run firmware:build${values.board ? ` -- --board ${values.board}` : ''}`);
  process.exit(2);
}
const run = spawnSync('avrdude', args, { stdio: 'inherit' });
if (run.error) {
  console.error(`cannot run avrdude (${run.error.message}): apt-get install -y --no-install-recommends avrdude`);
  process.exit(2);
}
process.exit(run.status ?? 1);
