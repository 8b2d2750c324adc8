// `senryaku analyse`: a simulated Senryaku match refereed in process, its journal analysed as
// text and as JSON, then exported as SGN and analysed again (the same analysis but for the
// lines). Bad input: one line naming the file, the line and a code, exit 2.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { LIGHT_PROFILE } from '../games/senryaku/light-board.ts';
import { simMatchArgv } from '../support/referee-argv.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'senryaku-analyse-'));
const journalDir = join(dir, 'journal');
const db = join(dir, 'matches.db');
let journal = '';
let matchId = '';
const sgn = join(dir, 'match.sgn');

/** What the tests read of `analyse --json` (docs/analysis.md). */
interface Ply {
  readonly side: string;
  readonly move?: string;
  readonly after: unknown;
  readonly line: number;
}
interface Doc {
  readonly limits: unknown;
  readonly mistakes: unknown;
  readonly games: readonly { readonly result: unknown; readonly plies: readonly Ply[] }[];
}

/** The plies of an analysis without where the record kept them (a journal's lines are not an SGN file's). */
const withoutLines = (doc: Doc) => doc.games.map((g) => ({ ...g, plies: g.plies.map(({ line: _line, ...p }) => p) }));

beforeAll(async () => {
  mkdirSync(journalDir, { recursive: true });
  const refereed = await runMain(simMatchArgv(dir, ['--games', '1', '--seed', '2', '--players', 'Ada,Bo']));
  expect(refereed.code, refereed.err.join('\n')).toBe(0);
  const file = readdirSync(journalDir)[0]!;
  journal = join(journalDir, file);
  matchId = /^match-(.*)\.jsonl\.gz$/.exec(file)![1]!;
  expect((await runMain(['matches', 'rebuild', '--journal-dir', journalDir, '--db', db])).code).toBe(0);
  expect((await runMain(['matches', 'export', matchId, '--format', 'sgn', '--out', sgn, '--db', db])).code).toBe(0);
}, 180_000);

describe('senryaku analyse', () => {
  it("prints a journal's games as tables, each move with its evaluation and the best move, and the mistakes per player", async () => {
    const r = await runMain(['analyse', journal, '--depth', '3']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out[0]).toBe(`match ${matchId} (senryaku), each position searched to depth 3; scores from the first side's view`);
    expect(r.out[2]).toMatch(/^game 1: white Ada \(A\), black Bo \(B\); (white|black) won by \w+; start [+-]?\d\.\d\d$/);
    expect(r.out[3]).toMatch(/^ply +side +move +eval +best +mark$/);
    const rows = r.out.slice(4, r.out.indexOf('', 4)).map((l) => l.trim().split(/\s+/));
    expect(rows.length).toBeGreaterThan(4);
    rows.forEach((row, i) => {
      expect(row[0]).toBe(String(i + 1));
      expect(row[1]).toBe(i % 2 === 0 ? 'white' : 'black');
      expect(row[3]).toMatch(/^([+-]\d+\.\d\d|0\.00|#-?\d+)$/);
    });
    const marked = { A: 0, B: 0 };
    for (const row of rows) if (row.at(-1) === 'lost' || row.at(-1) === 'crash') marked[row[1] === 'white' ? 'A' : 'B']++;
    expect(r.out.at(-1)).toBe(`mistakes (moves that lost when the mover could have avoided it): Ada (A) ${marked.A}, Bo (B) ${marked.B}`);
  });

  it('prints the analysis as JSON, the same for the journal and for its SGN export but for the lines', async () => {
    const fromJournal = await runMain(['analyse', journal, '--json', '--nodes', '4000']);
    const fromSgn = await runMain(['analyse', sgn, '--json', '--nodes', '4000', '--rules', 'senryaku']);
    expect(fromJournal.code, fromJournal.err.join('\n')).toBe(0);
    expect(fromSgn.code, fromSgn.err.join('\n')).toBe(0);
    const a = JSON.parse(fromJournal.out.join('\n')) as Doc;
    const b = JSON.parse(fromSgn.out.join('\n')) as Doc;
    expect(a).toMatchObject({ format: 'senryaku-analysis', version: 1, matchId, players: { A: 'Ada', B: 'Bo' }, ruleset: 'senryaku' });
    expect(a.limits).toEqual({ nodes: 4000 });
    expect(withoutLines(b)).toEqual(withoutLines(a));
    expect(b.mistakes).toEqual(a.mistakes);
    // The game ended with a capture: the move before it left the capture there (a win in one), the capture ended it.
    const plies = a.games[0]!.plies;
    const last = plies.at(-1)!;
    expect(a.games[0]!.result).toEqual({ winner: last.side, reason: 'capture' });
    expect(last.after).toEqual({ kind: 'win', side: last.side, moves: 0 });
    expect(plies.at(-2)!.after).toEqual({ kind: 'win', side: last.side, moves: 1 });
    // Where the record keeps each move: the journal's verdict lines, the SGN file's move text.
    const sgnLines = readFileSync(sgn, 'utf8').split('\n');
    for (const p of b.games[0]!.plies) expect(sgnLines[p.line - 1]).toContain(p.move);
    expect(a.games[0]!.plies.every((p) => p.line > 1)).toBe(true);
  });

  it("analyses on the board the journal's header names: the same match on a lighter board is judged otherwise", async () => {
    // The journal as plain text (as the first journals were), its header's board made the light one.
    const [header, ...rest] = gunzipSync(readFileSync(journal)).toString('utf8').split('\n');
    const onLight = join(dir, 'light.jsonl');
    writeFileSync(onLight, [JSON.stringify({ ...(JSON.parse(header!) as object), profile: LIGHT_PROFILE }), ...rest].join('\n'));
    const reference = await runMain(['analyse', journal, '--json', '--nodes', '4000']);
    const light = await runMain(['analyse', onLight, '--json', '--nodes', '4000']);
    expect(light.code, light.err.join('\n')).toBe(0);
    const a = JSON.parse(reference.out.join('\n')) as Doc;
    const b = JSON.parse(light.out.join('\n')) as Doc;
    // The same moves, judged on the light board: its tip margins weigh otherwise.
    const moves = (doc: Doc) => doc.games.map((g) => g.plies.map((p) => p.move));
    const evaluations = (doc: Doc) => doc.games.flatMap((g) => g.plies.map((p) => p.after));
    expect(moves(b)).toEqual(moves(a));
    expect(evaluations(b)).not.toEqual(evaluations(a));
  });

  it('refuses bad input with one line naming the file, the line and a code (exit 2)', async () => {
    const text = readFileSync(sgn, 'utf8');
    const [, first] = /\n1\. (\S+)/.exec(text)!;
    const illegal = join(dir, 'illegal.sgn');
    writeFileSync(illegal, text.replace(`1. ${first}`, '1. d1-d5'));
    const moveLine = text.split('\n').findIndex((l) => l.startsWith('1. ')) + 1;
    const broken = join(dir, 'broken.sgn');
    writeFileSync(broken, text.replace('[Round "1"]', '[Round 1]'));
    const cases: [string[], RegExp][] = [
      [['analyse', illegal], new RegExp(`illegal\\.sgn:${moveLine}: IllegalMove: game 1, move 1 \\(white d1-d5\\): `)],
      [['analyse', broken], /broken\.sgn:5:1: BadTag: not a tag pair/],
      [['analyse', join(dir, 'missing.sgn')], /cannot read .*missing\.sgn: ENOENT/],
      [['analyse', sgn, '--rules', 'surakarta'], /match\.sgn is a match of senryaku, not of surakarta/],
      [['analyse', sgn, '--level', '10'], /--level must be a whole number from 1 to 9/],
      [['analyse', sgn, '--level', '3', '--depth', '2'], /--level sets the depth and the nodes: give it alone/],
      [['analyse', sgn, '--depth', '0'], /--depth must be a whole number from 1 to 64, got '0'/],
      [['analyse'], /analyse takes one FILE/],
    ];
    for (const [argv, message] of cases) {
      const r = await runMain(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
    }
  });
});
