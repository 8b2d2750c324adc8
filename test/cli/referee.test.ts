// `senryaku referee` as a user runs it, on the simulated board: in process (a --sim session
// brings its own virtual clock; --speed max runs it as fast as it goes) and, for the
// long runs and signals, as a child process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { main } from '../../src/cli/main.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  dir = mkdtempSync(join(tmpdir(), 'senryaku-referee-cli-'));
  // Calibrated beforehand (real timers): the command then finds it in the store.
  const cal = await calibrateSimulatedBoard({ seed: 5, store: new CalibrationStore(join(dir, 'cal')) });
  expect(cal.ok).toBe(true);
}, 60_000);

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const autoplay = (...more: string[]): string[] => [
  'referee',
  '--sim',
  '--seed',
  '5',
  '--autoplay',
  '--json',
  '--scoreboard',
  'none',
  '--calibration-dir',
  join(dir, 'cal'),
  ...more,
];

/** The verdicts of game 1, as printed with --json. */
const game1 = (out: readonly string[]): unknown[] => {
  const verdicts = out.map((l) => JSON.parse(l) as { type: string; game?: number });
  return verdicts.slice(0, verdicts.findIndex((v) => v.type === 'game-over' && v.game === 1) + 1);
};

/** The CLI as a child process; `onLine` sees each stdout line and may signal the child. */
function spawnCli(args: string[], onLine: (line: string, child: ReturnType<typeof spawn>) => void = () => {}) {
  return new Promise<{ code: number | null; out: string[]; err: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'bin/senryaku.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: string[] = [];
    let partial = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop()!;
      for (const l of lines) {
        out.push(l);
        onLine(l, child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err, ms: Date.now() - started }));
  });
}

describe('senryaku referee', { timeout: 120_000 }, () => {
  it('--sim --autoplay --games 1 --json: one JSON verdict per line, then stops', async () => {
    const r = await run(autoplay('--speed', 'max', '--games', '1', '--journal-dir', join(dir, 'j')));
    expect(r.code).toBe(0);
    const verdicts = r.out.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const v of verdicts) expect(typeof v.type).toBe('string');
    const moves = verdicts.filter((v) => v.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) {
      expect(m.move).toMatch(/^[a-g][1-6][-x][a-g][1-6]$/);
      expect(typeof m.position).toBe('string');
    }
    const over = verdicts.find((v) => v.type === 'game-over');
    expect(over).toMatchObject({
      game: 1,
      winner: expect.stringMatching(/^(white|black)$/),
      reason: expect.any(String),
      points: expect.any(Number),
    });
    expect(readdirSync(join(dir, 'j'))).toHaveLength(1);
  });

  it('--speed max and --speed 4 give game 1 verdict for verdict alike (virtual time, whatever the pace)', async () => {
    const fast = await run(autoplay('--speed', 'max', '--games', '1', '--journal-dir', join(dir, 'j-max')));
    const paced = await run(autoplay('--speed', '4', '--games', '1', '--journal-dir', join(dir, 'j-4')));
    expect([fast.code, paced.code]).toEqual([0, 0]);
    expect(game1(fast.out).length).toBeGreaterThan(10);
    expect(game1(paced.out)).toEqual(game1(fast.out));
  });

  it('--speed max --games 10 plays its games in virtual time (the bound here is only a hang guard)', async () => {
    const r = await spawnCli(autoplay('--speed', 'max', '--games', '10', '--track', '99', '--journal-dir', join(dir, 'j-10')));
    expect(r.err).not.toMatch(/senryaku referee:/);
    expect(r.code).toBe(0);
    const overs = r.out.map((l) => JSON.parse(l) as { type: string; game?: number }).filter((v) => v.type === 'game-over');
    expect(overs.map((v) => v.game)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops a --speed max session promptly, journal closed', async (signal) => {
    let sent: number | undefined;
    const r = await spawnCli(
      [
        'referee',
        '--sim',
        '--seed',
        '5',
        '--autoplay',
        '--speed',
        'max',
        '--scoreboard',
        'none',
        '--calibration-dir',
        join(dir, 'cal'),
        '--journal-dir',
        join(dir, `j-${signal}`),
      ],
      (line, child) => {
        if (sent === undefined && /White [a-g][1-6][-x][a-g][1-6]/.test(line)) {
          sent = Date.now();
          child.kill(signal);
        }
      },
    );
    expect(sent).toBeDefined();
    expect(r.code).toBe(0);
    const journal = /^Stopped \(interrupted\)\. The match is in (.*)$/.exec(r.out.at(-1) ?? '');
    expect(journal).not.toBeNull();
    expect(readJournal(journal![1]!).ok).toBe(true);
    expect(Date.now() - sent!).toBeLessThan(15_000); // generous: a hang guard on a loaded machine, not a timing claim
  });

  it.each([
    [['referee'], /exactly one of --port/],
    [['referee', '--port', '/dev/x', '--autoplay'], /--autoplay needs --sim/],
    [['referee', '--sim', '--policy', 'strict'], /--policy is casual or tournament/],
    [['referee', '--sim', '--track', '0'], /--track must be a whole number from 1 to 99, got '0'/],
    [['referee', '--sim', '--players', 'solo'], /--players takes two names/],
    [['referee', '--sim', '--position', 'nonsense'], /--position is not valid SPN/],
    [['referee', '--sim', '--resume', '/no/journal'], /cannot read journal/],
    [['referee', '--sim', '--speed', '0'], /--speed must be a number > 0 or 'max', got '0'/],
    [['referee', '--sim', '--speed', 'fast'], /--speed must be a number > 0 or 'max', got 'fast'/],
    [['referee', '--sim', '--speed=-2'], /--speed must be a number > 0 or 'max', got '-2'/],
    [['referee', '--sim', '--speed', '-2'], /--speed must be a number > 0 or 'max', got '-2'/],
    [['referee', '--port', '/dev/x', '--speed', '2'], /--speed does not go with --port/],
  ])('bad input %j: one line on stderr, exit 2', async (argv, message) => {
    const err: string[] = [];
    const code = await main(argv, { out: () => undefined, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });
});
