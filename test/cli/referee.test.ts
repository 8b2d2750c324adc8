// `senryaku referee` as a user runs it: in process, under fake timers, on the simulated board.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type sinon from 'sinon';
import { CalibrationStore } from '../../src/app/calibration-store.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { main } from '../../src/cli/main.ts';
import { fakeTimers } from '../e2e/harness.ts';

let dir: string;
let clock: sinon.SinonFakeTimers | undefined;

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  dir = mkdtempSync(join(tmpdir(), 'senryaku-referee-cli-'));
  // Calibrated beforehand (real timers): the command then finds it in the store.
  const cal = await calibrateSimulatedBoard({ seed: 5, store: new CalibrationStore(join(dir, 'cal')) });
  expect(cal.ok).toBe(true);
}, 60_000);

afterEach(() => {
  clock?.restore();
  clock = undefined;
});

async function runFor(argv: string[], maxMs: number) {
  const out: string[] = [];
  const err: string[] = [];
  let code: number | undefined;
  void main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((c) => (code = c));
  for (let t = 0; t < maxMs && code === undefined; t += 100) {
    await clock!.tickAsync(100);
    // Let real I/O (module loading, the port opening) catch up with simulated time.
    if (t % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return { code, out, err };
}

describe('senryaku referee', { timeout: 120_000 }, () => {
  it('--sim --autoplay --games 1 --json: one JSON verdict per line, then stops', async () => {
    clock = fakeTimers();
    const r = await runFor(
      ['referee', '--sim', '--seed', '5', '--autoplay', '--games', '1', '--json', '--scoreboard', 'none', '--journal-dir', join(dir, 'j'), '--calibration-dir', join(dir, 'cal')],
      20 * 60_000,
    );
    expect(r.code).toBe(0);
    const verdicts = r.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const v of verdicts) expect(typeof v.type).toBe('string');
    const moves = verdicts.filter((v) => v.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      expect(m.move).toMatch(/^[a-g][1-6][-x][a-g][1-6]$/);
      expect(typeof m.spn).toBe('string');
    }
    const over = verdicts.find((v) => v.type === 'game-over');
    expect(over).toMatchObject({ game: 1, winner: expect.stringMatching(/^(white|black)$/), reason: expect.any(String), points: expect.any(Number) });
    expect(readdirSync(join(dir, 'j'))).toHaveLength(1);
  });

  it.each([
    [['referee'], /exactly one of --port/],
    [['referee', '--port', '/dev/x', '--autoplay'], /--autoplay needs --sim/],
    [['referee', '--sim', '--policy', 'strict'], /--policy is casual or tournament/],
    [['referee', '--sim', '--track', '0'], /--track must be a whole number from 1 to 99, got '0'/],
    [['referee', '--sim', '--players', 'solo'], /--players takes two names/],
    [['referee', '--sim', '--position', 'nonsense'], /--position is not valid SPN/],
    [['referee', '--sim', '--resume', '/no/journal'], /cannot read journal/],
  ])('bad input %j: one line on stderr, exit 2', async (argv, message) => {
    const err: string[] = [];
    const code = await main(argv, { out: () => undefined, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });
});
