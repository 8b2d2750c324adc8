// The referee firmware must keep building with the Debian AVR toolchain and stay inside
// its flash/RAM budget (build.sh enforces the limits and fails past them).
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../system-tools.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const INSTALL_HINT =
  'avr-gcc is not on PATH: install the firmware toolchain with ' +
  '`sudo apt-get install -y --no-install-recommends gcc-avr avr-libc arduino-core-avr`';

const hasAvrGcc = (): boolean => {
  try {
    execFileSync('avr-gcc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('hardware/firmware/build.sh', () => {
  it.skipIf(skipWithout('avr-gcc', 'gcc-avr avr-libc arduino-core-avr', ['--version']))(
    'builds the Mega firmware and reports flash and RAM use',
    { timeout: 120_000 },
    () => {
      // CI installs the toolchain, so there its absence is a broken machine, not a skip.
      if (!hasAvrGcc()) expect.fail(INSTALL_HINT);

      const run = spawnSync('bash', ['hardware/firmware/build.sh'], { cwd: repoRoot, encoding: 'utf8', timeout: 115_000 });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(run.status, output).toBe(0);

      const flash = /flash: (\d+) \/ (\d+) bytes/.exec(run.stdout);
      const ram = /ram: +(\d+) \/ (\d+) bytes/.exec(run.stdout);
      expect(flash, output).not.toBeNull();
      expect(ram, output).not.toBeNull();
      const [flashUsed, flashTotal] = [Number(flash?.[1]), Number(flash?.[2])];
      const [ramUsed, ramTotal] = [Number(ram?.[1]), Number(ram?.[2])];
      expect(flashUsed).toBeGreaterThan(0);
      expect(flashUsed / flashTotal).toBeLessThanOrEqual(0.75);
      expect(ramUsed / ramTotal).toBeLessThanOrEqual(0.6);
    },
  );
});
