// `senryaku referee` files its match in the match store as it goes (--db FILE, else the
// default under XDG_DATA_HOME; --db off: none); a store that cannot be opened is said, and
// the match goes on in its journal.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { simMatchArgv } from '../support/referee-argv.ts';
import { runMain } from './run-main.ts';

const run = (...argv: string[]) => runMain(argv);

let dir: string;
const refereeArgs = (journalDir: string, games: number): string[] =>
  simMatchArgv(dir, ['--seed', '2', '--games', String(games), '--json'], journalDir);
const referee = (...more: string[]) => run(...refereeArgs(join(dir, 'journal'), 1), ...more);

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/matches.ts');
  dir = mkdtempSync(join(tmpdir(), 'senryaku-referee-store-'));
});

describe('senryaku referee and the match store', () => {
  it('files the match as it is refereed; matches list shows it', { timeout: 60_000 }, async () => {
    const db = join(dir, 'm.db');
    const r = await referee('--db', db);
    expect(r.code, r.err.join('\n')).toBe(0);
    const list = await run('matches', 'list', '--db', db, '--json');
    expect(list.code, list.err.join('\n')).toBe(0);
    expect(list.out.map((l) => JSON.parse(l) as unknown)).toMatchObject([{ ruleset: 'senryaku', players: { A: 'A', B: 'B' } }]);
  });

  it(
    'files on --resume what the journal holds and the store lacks: matches show says both games finished',
    { timeout: 60_000 },
    async () => {
      // Game 1 refereed without the store (as a store that was locked, full or away misses it),
      // game 2 after --resume with it.
      const journal = join(dir, 'resume-journal');
      const db = join(dir, 'resumed.db');
      const first = await run(...refereeArgs(journal, 1), '--db', 'off');
      expect(first.code, first.err.join('\n')).toBe(0);
      const [path] = readdirSync(journal);
      const second = await run(...refereeArgs(journal, 2), '--db', db, '--resume', join(journal, path!));
      expect(second.code, second.err.join('\n')).toBe(0);
      expect(second.err.join('\n')).toMatch(/the match store lacked \d+ verdicts of this match: filed from the journal/);
      const [match] = (await run('matches', 'list', '--db', db, '--json')).out.map((l) => JSON.parse(l) as { matchId: string });
      const shown = await run('matches', 'show', match!.matchId, '--db', db);
      const games = shown.out.filter((l) => l.startsWith('game '));
      expect(games).toHaveLength(2);
      for (const g of games) expect(g).toMatch(/^game \d: .*; (1-0|0-1|1\/2-1\/2) /);
      const rebuilt = join(dir, 'resumed-rebuilt.db');
      expect((await run('matches', 'rebuild', '--db', rebuilt, '--journal-dir', journal)).code).toBe(0);
      const exported = async (file: string) => (await run('matches', 'export', match!.matchId, '--format', 'json', '--db', file)).out;
      expect(await exported(db)).toEqual(await exported(rebuilt));
    },
  );

  it('goes on without a store it cannot open, and says so', { timeout: 60_000 }, async () => {
    const notAFile = join(dir, 'a-directory.db');
    mkdirSync(notAFile);
    const r = await referee('--db', notAFile);
    expect(r.code).toBe(0);
    expect(r.err.join('\n')).toMatch(/no match store: .*the journal keeps the match/);
  });

  // Node's recursive mkdir retried for ever where /proc answers ENOENT: the referee hung there,
  // silent. In a child process, as no in-process timeout ends a loop that never yields.
  it.skipIf(!existsSync('/proc/self'))('a --db under /proc is said, not a hang', { timeout: 120_000 }, async () => {
    const argv = simMatchArgv(dir, ['--games', '1', '--json']);
    const child = spawn(process.execPath, ['bin/senryaku.js', ...argv, '--db', '/proc/senryaku-no-such/m.db'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), 100_000); // a hang bound, not a measurement
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(guard);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('senryaku referee: no match store: cannot create /proc/senryaku-no-such (ENOENT)');
  });
});

describe('senryaku referee --config FILE', () => {
  it('takes the session from the settings file, under the flags given', { timeout: 60_000 }, async () => {
    const config = join(dir, 'settings.yaml');
    const db = join(dir, 'from-settings.db');
    writeFileSync(
      config,
      [
        'board:',
        '  sim: true',
        '  seed: 4',
        'rules: surakarta',
        'match:',
        '  target: games:1',
        '  players: { A: Ada, B: Bo }',
        'scoreboard: none',
        'store:',
        `  path: ${db}`,
        'journal:',
        `  dir: ${join(dir, 'journal')}`,
        'calibration:',
        `  dir: ${join(dir, 'cal')}`,
        '',
      ].join('\n'),
    );
    const r = await run('referee', '--config', config, '--autoplay', '--speed', 'max', '--json', '--players', 'Cy,Di');
    expect(r.code, r.err.join('\n')).toBe(0);
    const verdicts = r.out.map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });
    expect(verdicts[0]).toMatchObject({
      type: 'game-started',
      players: { light: 'A', dark: 'B' },
      position: 'oooooo/oooooo/6/6/xxxxxx/xxxxxx x',
    });
    expect(verdicts.at(-1)).toMatchObject({ type: 'match-over' });
    const list = await run('matches', 'list', '--db', db, '--json');
    // The flag's players, not the file's.
    expect(list.out.map((l) => JSON.parse(l) as unknown)).toMatchObject([{ ruleset: 'surakarta', players: { A: 'Cy', B: 'Di' } }]);
  });

  it('lists every problem of a bad settings file at once', async () => {
    const config = join(dir, 'bad.yaml');
    writeFileSync(config, 'board:\n  seed: many\nrules: chess\n');
    const r = await run('referee', '--config', config);
    expect(r.code).toBe(2);
    expect(r.err.join('\n')).toMatch(/board\.seed.*rules/s);
  });
});
