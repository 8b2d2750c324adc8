/**
 * `npm run firmware:flash -- --port PATH [--hex FILE] [--board surakarta] [--scoreboard] [--dry-run]`:
 * flashes the built referee firmware onto the Mega, or with --scoreboard StandardFirmata
 * onto the scoring board's Uno (fetched first if missing), with avrdude (Debian package
 * avrdude). --dry-run prints the command instead of running it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { avrdudeArgs, defaultHexPath } from './avrdude.ts';
import { standardFirmataHexPath } from './paths.ts';
import { ensureStandardFirmata } from './standard-firmata.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    hex: { type: 'string' },
    board: { type: 'string' },
    scoreboard: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
  },
});
if (!values.port || (values.scoreboard && values.board)) {
  console.error('usage: npm run firmware:flash -- --port PATH [--hex FILE] [--board senryaku|surakarta | --scoreboard] [--dry-run]');
  process.exit(2);
}
const target = values.scoreboard ? 'scoreboard' : 'referee';
const hex = values.hex ?? (target === 'scoreboard' ? standardFirmataHexPath() : defaultHexPath(values.board));
const args = avrdudeArgs({ port: values.port, target, hex });
if (values['dry-run']) {
  console.log(['avrdude', ...args].join(' '));
  process.exit(0);
}
if (target === 'scoreboard' && !values.hex) {
  const fetched = ensureStandardFirmata();
  if (!fetched.ok) {
    console.error(fetched.error);
    process.exit(2);
  }
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
