/**
 * `senryaku engine --profile FILE`: the engine plays on that board. A capture that wins on the
 * reference board crashes a lighter one: asked for a move there, the engine plays it on the
 * reference board and not on the lighter one. A file that is no profile of the game is bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import { CAPTURE_OR_CRASH, LIGHT_BOARD_FILE, LIGHT_PROFILE } from '../games/senryaku/light-board.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'senryaku-engine-profile-'));
const LIGHT_FILE = join(dir, 'light-board.json');
writeFileSync(LIGHT_FILE, JSON.stringify(LIGHT_BOARD_FILE));

/** The engine's best move in the position, asked on its standard input (the end of the input is its quit). */
const bestMove = async (args: readonly string[]): Promise<string | undefined> => {
  const input = Readable.from([`position ${CAPTURE_OR_CRASH.position}\n`, 'go depth 3\n']);
  const r = await runMain(['engine', '--rules', 'senryaku', ...args], { input });
  expect(r.err).toEqual([]);
  expect(r.code).toBe(0);
  return r.out.find((l) => l.startsWith('bestmove '))?.slice('bestmove '.length);
};

describe('senryaku engine --profile', () => {
  it('plays on that board: no capture that crashes it, which the reference board would play', async () => {
    expect(await bestMove([])).toBe(CAPTURE_OR_CRASH.move);
    const onLight = await bestMove(['--profile', LIGHT_FILE]);
    const tools = SENRYAKU.position(CAPTURE_OR_CRASH.position, LIGHT_PROFILE);
    expect(tools.ok && tools.value.moves().find((m) => m.notation === onLight)?.outcome).toBe('none');
  });

  it('a file that is no profile, or --profile with --check: exit 2, one line', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'senryaku-board-profile', version: 1 }));
    const r = await runMain(['engine', '--profile', bad]);
    expect(r).toEqual({
      code: 2,
      out: [],
      err: [expect.stringMatching(/^senryaku engine: invalid profile .*bad\.json \(for Senryaku\): /)],
    });
    const missing = await runMain(['engine', '--profile', join(dir, 'none.json')]);
    expect(missing).toEqual({
      code: 2,
      out: [],
      err: [expect.stringMatching(/^senryaku engine: cannot read profile .*none\.json: ENOENT$/)],
    });
    const check = await runMain(['engine', '--check', 'x', '--profile', LIGHT_FILE]);
    expect(check).toEqual({ code: 2, out: [], err: [expect.stringContaining('--profile is the board of this engine')] });
  });
});
