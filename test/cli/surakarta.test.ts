// Surakarta from the command line, on the same stack as Senryaku: its rules tools (perft,
// moves), and a whole refereed game on the simulated Surakarta board (36 load cells, no
// pivots, no tilt switches) with simulated players, journalled, then replayed to the same
// verdicts.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { main } from '../../src/cli/main.ts';
import { simMatchArgv } from '../support/referee-argv.ts';
import { runMain } from './run-main.ts';
import { saidVerdict } from '../said.ts';

const run = (...argv: string[]) => runMain(argv);

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/perft.ts');
  await import('../../src/cli/commands/moves.ts');
});

describe('senryaku perft and moves --rules surakarta', () => {
  it('counts the start position as RULES.md says: 16, 256, 5382', async () => {
    expect(await run('perft', '3', '--rules', 'surakarta')).toMatchObject({ code: 0, out: ['1 16', '2 256', '3 5382'] });
  });

  it('divides and lists moves with their outcome, captures included', async () => {
    const d = await run('perft', '1', '--rules', 'surakarta', '--divide');
    expect(d.out.at(-1)).toBe('total 16');
    // Light b2 can reach e5 round the small loops: b2 up the b file, round a loop, along rank 5.
    const m = await run('moves', '--rules', 'surakarta', '--position', '6/6/6/6/1x4/6 x');
    expect(m.code).toBe(0);
    expect(m.out).toContain('b2-c3 none');
    const c = await run('moves', '--rules', 'surakarta', '--position', '6/4o1/6/6/1x4/6 x');
    expect(c.out.some((l) => /^b2xe5 /.test(l))).toBe(true);
  });

  it('refuses a bad position with one line on stderr, exit 2', async () => {
    const r = await run('moves', '--rules', 'surakarta', '--position', 'oooooo/6 x');
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/bad --position: .*\[WrongRankCount\]/);
    const p = await run('perft', '1', '--rules', 'surakarta', '--position', 'xxxxxxx/6/6/6/6/6 x');
    expect(p.code).toBe(2);
  });
});

describe('senryaku referee --rules surakarta --sim --autoplay', () => {
  it(
    'referees a whole game on the simulated Surakarta board, and the journal replays to the same verdicts',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'surakarta-cli-'));
      const journalDir = join(dir, 'journal');
      const r = await run(
        ...simMatchArgv(dir, ['--rules', 'surakarta', '--match', 'games:2', '--seed', '3', '--games', '1', '--json'], journalDir),
      );
      expect(r.code, r.err.join('\n')).toBe(0);
      const verdicts = r.out.map((l) => saidVerdict(l) as { type: string; [k: string]: unknown });
      expect(verdicts[0]).toMatchObject({
        type: 'game-started',
        players: { light: 'A', dark: 'B' },
        position: 'oooooo/oooooo/6/6/xxxxxx/xxxxxx x',
      });
      const moves = verdicts.filter((v) => v.type === 'move');
      expect(moves.length).toBeGreaterThan(10);
      expect(moves.some((v) => String(v.move).includes('x'))).toBe(true); // captures happened
      // The players' fouls (human handling) are each put right before play goes on.
      expect(verdicts.filter((v) => v.type === 'restored')).toHaveLength(verdicts.filter((v) => v.type === 'foul').length);
      const over = verdicts.find((v) => v.type === 'game-over');
      expect(over).toMatchObject({ game: 1, reason: 'all-captured' });

      const [file] = readdirSync(journalDir);
      const journal = readJournal(join(journalDir, file!));
      if (!journal.ok) throw new Error(journal.error.message);
      expect(journal.value.header).toMatchObject({ ruleset: 'surakarta', settings: { match: 'games:2', policy: 'casual' } });
      const replay = replayJournal(journal.value);
      if (!replay.ok) throw new Error(replay.error);
      expect(replay.value.mismatch).toBeUndefined();
      expect(replay.value.verdicts.filter((v) => v.type !== 'lifted' && v.type !== 'capture-started')).toEqual(
        verdicts.filter((v) => v.type !== 'lifted' && v.type !== 'capture-started'),
      );
    },
  );

  it(
    'ends a game by agreement when the operator types agree; the journal keeps it in its place and replays it',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'surakarta-agree-'));
      const journalDir = join(dir, 'journal');
      const operatorInput = new PassThrough();
      const out: string[] = [];
      const err: string[] = [];
      let moves = 0;
      const code = await main(
        simMatchArgv(dir, ['--rules', 'surakarta', '--seed', '4', '--games', '1', '--json'], journalDir),
        {
          out: (l) => {
            out.push(l);
            // The operator types after the sixth move (the session goes on while the line arrives).
            if ((JSON.parse(l) as { type: string }).type === 'move' && ++moves === 6) operatorInput.write('nonsense\nagree\n');
          },
          err: (l) => err.push(l),
        },
        { operatorInput },
      );
      expect(code, err.join('\n')).toBe(0);
      expect(err).toContain(
        "unknown command 'nonsense': type one of agree, attribute SIDE|none, blind CELL empty|occupied, hint, new [force], calibrate [force] and Enter",
      );
      const verdicts = out.map((l) => saidVerdict(l) as { type: string; [k: string]: unknown });
      const over = verdicts.find((v) => v.type === 'game-over');
      expect(over).toMatchObject({ game: 1, reason: 'agreement' });
      // Nobody has lost a piece this early, or one side has more: the count decides.
      const awarded = over?.awarded as { A: number; B: number };
      if (awarded.A === awarded.B) expect(over?.winner).toBeUndefined();
      else expect(over?.winnerPlayer).toBe(awarded.A > awarded.B ? 'A' : 'B');

      const [file] = readdirSync(journalDir);
      const journal = readJournal(join(journalDir, file!));
      if (!journal.ok) throw new Error(journal.error.message);
      expect(journal.value.records.filter((r) => r.kind === 'operator')).toMatchObject([{ action: 'agree' }]);
      const replay = replayJournal(journal.value);
      if (!replay.ok) throw new Error(replay.error);
      expect(replay.value.mismatch).toBeUndefined();
      expect(replay.value.verdicts.find((v) => v.type === 'game-over')).toEqual(over);
    },
  );

  it(
    'resumes a Surakarta match from its journal (the journal names its game): game 2 follows with sides swapped',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'surakarta-resume-'));
      const common = [
        '--sim',
        '--autoplay',
        '--seed',
        '6',
        '--speed',
        'max',
        '--json',
        '--scoreboard',
        'none',
        '--calibration-dir',
        join(dir, 'cal'),
      ];
      const first = await run('referee', ...common, '--rules', 'surakarta', '--games', '1', '--journal-dir', join(dir, 'journal'));
      expect(first.code, first.err.join('\n')).toBe(0);
      const [file] = readdirSync(join(dir, 'journal'));
      const path = join(dir, 'journal', file!);
      const wrong = await run('referee', ...common, '--rules', 'senryaku', '--resume', path);
      expect(wrong.code).toBe(2);
      expect(wrong.err[0]).toMatch(/is a surakarta match: --rules senryaku does not go with it/);
      const second = await run('referee', ...common, '--resume', path, '--games', '2');
      expect(second.code, second.err.join('\n')).toBe(0);
      const verdicts = second.out.map((l) => saidVerdict(l) as { type: string; [k: string]: unknown });
      expect(verdicts.find((v) => v.type === 'game-started')).toMatchObject({ game: 2, players: { light: 'B', dark: 'A' } });
      expect(verdicts.filter((v) => v.type === 'match-over')).toHaveLength(1);
      const journal = readJournal(path);
      if (!journal.ok) throw new Error(journal.error.message);
      const replay = replayJournal(journal.value);
      if (!replay.ok) throw new Error(replay.error);
      expect(replay.value.sessions).toBe(2);
      expect(replay.value.mismatch).toBeUndefined();
    },
  );

  it('checks Surakarta options: --match, and no Senryaku track', async () => {
    const bad = await run('referee', '--sim', '--rules', 'surakarta', '--match', 'games:0');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/--match: a match is games:N .* got 'games:0'/);
    const track = await run('referee', '--sim', '--rules', 'surakarta', '--track', '6');
    expect(track.code).toBe(2);
    expect(track.err[0]).toMatch(/--track is for Senryaku; a Surakarta match takes --match/);
    const match = await run('referee', '--sim', '--match', 'points:10');
    expect(match.code).toBe(2);
    expect(match.err[0]).toMatch(/--match is for Surakarta/);
  });
});
