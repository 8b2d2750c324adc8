/**
 * What each firmware build announces: compiles hardware/firmware/test/board_hello_test.cpp
 * with the host's g++ against each board's configuration header (the same
 * board::describe() the firmware's HELLO uses, and the protocol module) and reads the
 * boot HELLO and the length of a full FRAME it prints.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../support/run-command.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'referee-board-config-'));

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const run = (cmd: string, args: readonly string[]) => runCommand(cmd, args, { cwd: root, timeoutMs: 60_000 });

/** Builds the program for one board (extra -D flags as FIRMWARE_EXTRA_FLAGS would pass) and runs it. */
const announce = async (board: string, extra: readonly string[] = []): Promise<string[]> => {
  const binary = join(workDir, `board_hello_${board}_${extra.length}`);
  const build = await run('g++', [
    '-std=gnu++11',
    '-Wall',
    '-Wextra',
    '-Werror',
    '-Ihardware/firmware/src',
    `-DBOARD_CONFIG="boards/${board}.h"`,
    ...extra,
    'hardware/firmware/test/board_hello_test.cpp',
    'hardware/firmware/src/protocol.cpp',
    '-o',
    binary,
  ]);
  expect(build.status, build.output).toBe(0);
  const result = await run(binary, []);
  expect(result.status, result.output).toBe(0);
  return result.stdout.trim().split('\n');
};

// HELLO fields after the board/boot ids: wells pivots rate tilts leds (PROTOCOL.md 4).
const helloTail = (line: string | undefined): string =>
  (line ?? '').replace(/^HELLO 0000 1 1\.0\.0 0000002A DEADBEEF /, '').replace(/\*[0-9A-F]{4}$/, '');

describe('board configuration headers (hardware/firmware/src/boards/)', () => {
  it('senryaku: 42 wells, 2 pivots, both tilt switches, 42 LEDs; 44-cell frames of 218 bytes', async () => {
    const [hello, frame] = await announce('senryaku');
    expect(helloTail(hello)).toBe('42 2 80 WB 42');
    expect(frame).toBe('frame 218');
    expect(helloTail((await announce('senryaku', ['-DWELL_LEDS_FITTED=0']))[0])).toBe('42 2 80 WB 0');
  }, 60_000);

  it('surakarta: 36 points, no pivots, no tilt switches, no LEDs unless fitted; 36-cell frames of 184 bytes', async () => {
    const [hello, frame] = await announce('surakarta');
    expect(helloTail(hello)).toBe('36 0 80 -- 0');
    // PROTOCOL.md 7: 31 + ceil(n / 4) + 4n bytes.
    expect(frame).toBe(`frame ${31 + Math.ceil(36 / 4) + 4 * 36}`);
    expect(helloTail((await announce('surakarta', ['-DWELL_LEDS_FITTED=1']))[0])).toBe('36 0 80 -- 36');
  }, 60_000);
});
