// `senryaku matches`: two autoplayed matches (Senryaku and Surakarta) refereed in process,
// the store rebuilt from their journals, listed, shown, and each exported, imported into a
// fresh store and exported again byte for byte, as SGN and as JSON. Bad input: exit 2.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { simMatchArgv } from '../support/referee-argv.ts';

interface Run {
  code: number;
  out: string[];
  err: string[];
}

async function run(argv: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'senryaku-matches-'));
const journalDir = join(dir, 'journal');
const db = join(dir, 'matches.db');
const ids: { senryaku: string; surakarta: string } = { senryaku: '', surakarta: '' };

async function referee(rules: string[]): Promise<string> {
  const before = new Set(readdirSync(journalDir));
  const r = await run(simMatchArgv(dir, [...rules, '--json']));
  expect(r.code, r.err.join('\n')).toBe(0);
  const file = readdirSync(journalDir).find((f) => !before.has(f))!;
  return /^match-(.*)\.jsonl\.gz$/.exec(file)![1]!;
}

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  mkdirSync(journalDir, { recursive: true });
  ids.senryaku = await referee(['--games', '2', '--seed', '2', '--players', 'Ada,Bo']);
  ids.surakarta = await referee(['--rules', 'surakarta', '--seed', '3', '--players', 'Cy,Bo']);
  const rebuilt = await run(['matches', 'rebuild', '--journal-dir', journalDir, '--db', db]);
  expect(rebuilt.code, rebuilt.err.join('\n')).toBe(0);
  expect(rebuilt.out[0]).toMatch(/: 2 matches, \d+ verdicts$/);
}, 120_000);

describe('senryaku matches', () => {
  it('lists the matches, filtered by board, player and start', async () => {
    const all = await run(['matches', 'list', '--db', db]);
    expect(all.code).toBe(0);
    expect(all.out).toHaveLength(2);
    expect(all.out[0]).toContain(`${ids.senryaku}  senryaku`);
    expect(all.out[1]).toMatch(new RegExp(`^${ids.surakarta}  surakarta .* Cy v Bo  2 games  ((Cy \\(A\\)|Bo \\(B\\)) won|drawn)$`));
    const ada = await run(['matches', 'list', '--player', 'Ada', '--db', db]);
    expect(ada.out.map((l) => l.split(' ')[0])).toEqual([ids.senryaku]);
    expect((await run(['matches', 'list', '--player', 'Bo', '--db', db])).out).toHaveLength(2);
    const board = await run(['matches', 'list', '--board', 'surakarta-mega-2560', '--json', '--db', db]);
    expect(board.out.map((l) => JSON.parse(l).matchId)).toEqual([ids.surakarta]);
    expect((await run(['matches', 'list', '--since', '2999-01-01', '--db', db])).out).toEqual([]);
    expect((await run(['matches', 'list', '--since', '2000-01-01', '--db', db])).out).toHaveLength(2);
  });

  it('shows a match with its games', async () => {
    const r = await run(['matches', 'show', ids.surakarta, '--db', db]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe(`match ${ids.surakarta}: Surakarta match`);
    expect(r.out).toContain('players: A Cy, B Bo');
    expect(r.out.filter((l) => l.startsWith('game '))).toHaveLength(2);
    const json = await run(['matches', 'show', ids.senryaku, '--json', '--db', db]);
    expect(JSON.parse(json.out[0]!).games).toHaveLength(2);
  });

  for (const game of ['senryaku', 'surakarta'] as const)
    for (const format of ['sgn', 'json'] as const)
      it(`exports a ${game} match as ${format}, imports it, and exports the same bytes`, async () => {
        const id = ids[game];
        const a = join(dir, `${game}-a.${format}`);
        const b = join(dir, `${game}-b.${format}`);
        const fresh = join(dir, `${game}-${format}.db`);
        expect((await run(['matches', 'export', id, '--format', format, '--out', a, '--db', db])).code).toBe(0);
        const imported = await run(['matches', 'import', a, '--db', fresh]);
        expect(imported.code, imported.err.join('\n')).toBe(0);
        expect(imported.out[0]).toMatch(new RegExp(`^imported match ${id}: (\\d+) of \\1 verdicts new$`));
        expect((await run(['matches', 'export', id, '--format', format, '--out', b, '--db', fresh])).code).toBe(0);
        expect(readFileSync(b)).toEqual(readFileSync(a));
        // Stdout holds the same text.
        const shown = await run(['matches', 'export', id, '--format', format, '--db', fresh]);
        expect(`${shown.out.join('\n')}\n`).toBe(readFileSync(a, 'utf8'));
        // Again: stored once.
        expect((await run(['matches', 'import', a, '--db', fresh])).out[0]).toMatch(/was already stored/);
        // Into the store it came from: the same verdicts (JSON), or a conflict (SGN keeps fewer), exit 1.
        const back = await run(['matches', 'import', a, '--db', db]);
        expect(back.code).toBe(format === 'json' ? 0 : 1);
        if (format === 'sgn') expect(back.err[0]).toMatch(/already stored, with another verdict 1: nothing imported/);
        if (format === 'sgn') {
          const text = readFileSync(a, 'utf8');
          expect(text).toContain(`[Ruleset "${game}"]`);
          expect(text).toContain(game === 'senryaku' ? '[White "' : '[Light "');
          if (game === 'surakarta') expect(text).toContain('{foul '); // this seed's players foul
        }
      });

  it('refuses bad input with one line on stderr and exit 2', async () => {
    const bad = join(dir, 'bad.sgn');
    writeFileSync(bad, '[Event "x"]\n[Site y]\n');
    const cases: [string[], RegExp][] = [
      [['matches'], /needs a subcommand/],
      [['matches', 'drop'], /unknown subcommand 'drop'/],
      [['matches', 'list', '--since', 'yesterday', '--db', db], /--since must be a date/],
      [['matches', 'list', '--format', 'sgn', '--db', db], /--format is not an option of 'matches list'/],
      [['matches', 'export', ids.senryaku, '--db', db], /export needs --format sgn\|json/],
      [['matches', 'export', ids.senryaku, '--format', 'pgn', '--db', db], /--format must be sgn or json/],
      [['matches', 'show', '--db', db], /takes one match ID/],
      [['matches', 'import', bad, '--db', join(dir, 'x.db')], /bad\.sgn: BadTag: line 2, column 1: not a tag pair/],
      [['matches', 'import', join(dir, 'missing.sgn'), '--db', join(dir, 'x.db')], /cannot read .*missing\.sgn: ENOENT/],
    ];
    for (const [argv, message] of cases) {
      const r = await run(argv);
      expect({ argv, code: r.code }).toEqual({ argv, code: 2 });
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });

  it('fails with exit 1 on a match or a store that is not there', async () => {
    const none = await run(['matches', 'show', 'no-such-match', '--db', db]);
    expect(none.code).toBe(1);
    expect(none.err).toEqual([`senryaku matches: no match 'no-such-match' in ${db}`]);
    const noStore = await run(['matches', 'list', '--db', join(dir, 'nowhere.db')]);
    expect(noStore.code).toBe(1);
    expect(noStore.err[0]).toMatch(/no match store at/);
  });
});
