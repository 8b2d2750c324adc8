// The referee firmware must keep building with the Debian AVR toolchain, for every board
// (build.sh --board NAME), and stay inside its flash/RAM budget (build.sh enforces the
// limits and fails past them).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../system-tools.ts';
import { runCommand } from '../support/run-command.ts';

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

const build = (args: readonly string[]) =>
  runCommand('bash', ['hardware/firmware/build.sh', ...args], { cwd: repoRoot, timeoutMs: 115_000 });

/** Sizes of the .elf's symbols by demangled name (avr-nm -S -C). */
const symbolSizes = (elf: string): Map<string, number> => {
  const sizes = new Map<string, number>();
  for (const line of execFileSync('avr-nm', ['-S', '-C', elf], { encoding: 'utf8' }).split('\n')) {
    const m = /^[0-9a-f]+ ([0-9a-f]+) \w (.+)$/.exec(line);
    if (m?.[1] !== undefined && m[2] !== undefined) sizes.set(m[2], parseInt(m[1], 16));
  }
  return sizes;
};

const sizeOf = (sizes: Map<string, number>, pattern: RegExp): number | undefined => [...sizes].find(([name]) => pattern.test(name))?.[1];

const skipAvr = skipWithout('avr-gcc', 'gcc-avr avr-libc arduino-core-avr', ['--version']);

describe('hardware/firmware/build.sh', () => {
  it.skipIf(skipAvr).each([
    { board: 'senryaku', args: [], cells: 44, tilt: true },
    { board: 'surakarta', args: ['--board', 'surakarta'], cells: 36, tilt: false },
  ])('builds the Mega firmware for $board and reports flash and RAM use', { timeout: 120_000 }, async ({ board, args, cells, tilt }) => {
    // CI installs the toolchain, so there its absence is a broken machine, not a skip.
    if (!hasAvrGcc()) expect.fail(INSTALL_HINT);

    const run = await build(args);
    expect(run.status, run.output).toBe(0);
    expect(run.stdout).toContain(`build/${board}-referee.hex`);

    const flash = /flash: (\d+) \/ (\d+) bytes/.exec(run.stdout);
    const ram = /ram: +(\d+) \/ (\d+) bytes/.exec(run.stdout);
    expect(flash, run.output).not.toBeNull();
    expect(ram, run.output).not.toBeNull();
    const [flashUsed, flashTotal] = [Number(flash?.[1]), Number(flash?.[2])];
    const [ramUsed, ramTotal] = [Number(ram?.[1]), Number(ram?.[2])];
    expect(flashUsed).toBeGreaterThan(0);
    expect(flashUsed / flashTotal).toBeLessThanOrEqual(0.75);
    expect(ramUsed / ramTotal).toBeLessThanOrEqual(0.6);

    // The cell count reached the image: one stale counter and one 4-byte reading per cell.
    const sizes = symbolSizes(`${repoRoot}hardware/firmware/build/${board}-referee.elf`);
    expect(sizeOf(sizes, /^frame_stream::\(anonymous namespace\)::staleRun$/)).toBe(cells);
    expect(sizeOf(sizes, /^_ZN5hx71112_GLOBAL__N_16countsE/)).toBe(4 * cells);
    // The tilt switches' code is linked in only where they are fitted.
    expect([...sizes.keys()].some((name) => name.startsWith('tilt::'))).toBe(tilt);
  });

  it('refuses an unknown board, naming the boards it knows', async () => {
    const run = await build(['--board', 'go']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/unknown board 'go'/);
    expect(run.stderr).toMatch(/senryaku/);
    expect(run.stderr).toMatch(/surakarta/);
  });
});
