/**
 * Tests that need a Debian package (the AVR toolchain, socat). `.ci/run` installs them, so
 * under CI a missing tool fails the test; on a developer's machine without them, the test
 * is skipped with a note saying what to install, so `npm test` works on a fresh machine.
 */
import { spawnSync } from 'node:child_process';

export const hasTool = (command: string, args: readonly string[] = ['-V']): boolean => {
  const r = spawnSync(command, args, { stdio: 'ignore' });
  return r.error === undefined;
};

const noted = new Set<string>();

/** True when the test should be skipped: the tool is missing and this is not CI. */
export function skipWithout(command: string, packages: string, args?: readonly string[]): boolean {
  if (hasTool(command, args) || process.env.CI === 'true') return false;
  if (!noted.has(command)) {
    noted.add(command);
    console.warn(`note: ${command} is missing, so its tests are skipped here (CI runs them): apt-get install -y ${packages}`);
  }
  return true;
}
