/**
 * Runs the protocol vectors against the firmware's C++ protocol module: compiles
 * hardware/firmware/test/protocol_vectors_test.cpp with the host's g++ into a temp dir
 * and expects exit code 0. The C++ program prints every mismatch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../support/run-command.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'senryaku-protocol-'));
const binary = join(workDir, 'protocol_vectors_test');

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const run = (cmd: string, args: readonly string[]) => runCommand(cmd, args, { cwd: root, timeoutMs: 60_000 });

describe('firmware protocol module against the vectors', () => {
  it('compiles with g++ -std=gnu++11 -Wall -Wextra -Werror', async () => {
    const build = await run('g++', [
      '-std=gnu++11',
      '-Wall',
      '-Wextra',
      '-Werror',
      '-Ihardware/firmware/src',
      'hardware/firmware/test/protocol_vectors_test.cpp',
      'hardware/firmware/src/protocol.cpp',
      '-o',
      binary,
    ]);
    expect(build.status, build.output).toBe(0);
  }, 60_000);

  it('decodes every h2b vector and re-encodes every valid b2h vector byte for byte', async () => {
    const result = await run(binary, [join(root, 'firmware-protocol/vectors')]);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/, 0 failures/);
  });
});
