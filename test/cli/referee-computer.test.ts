// Playing the computer with `senryaku referee`: a whole match on the simulated board at --speed
// max where the simulated player of the computer's side carries out every computer move (read
// from the journal: each computer-move verdict followed by that move, every LED command the host
// sent kept), the computer's player named for it; the computer on the board of --profile; a
// hint typed on the terminal; and the flags' bad values refused before anything starts.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { readJournal, type JournalHeader, type JournalRecord } from '../../src/journal/journal.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { CAPTURE_OR_CRASH, LIGHT_BOARD_FILE, LIGHT_PROFILE } from '../games/senryaku/light-board.ts';
import { isLedLine } from '../support/lit-wells.ts';
import { runMain } from './run-main.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

const calibrationDir = mkdtempSync(join(tmpdir(), 'senryaku-computer-cal-'));
const QUIET = ['--http', 'off', '--mqtt-listen', 'off', '--db', 'off', '--scoreboard', 'none', '--calibration-dir', calibrationDir];

function journalOf(journalDir: string): { readonly header: JournalHeader; readonly records: readonly JournalRecord[] } {
  const [name, ...more] = readdirSync(journalDir);
  expect(more).toEqual([]);
  const journal = readJournal(join(journalDir, name ?? 'none'));
  if (!journal.ok) throw new Error(journal.error.message);
  return journal.value;
}

const verdictsOf = (records: readonly JournalRecord[]): Verdict[] => records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));

describe('senryaku referee --computer', { timeout: 300_000 }, () => {
  it('--sim --autoplay --computer black:5 --speed max: a whole match, each computer move carried out as said, every LED command journaled', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-computer-journal-'));
    const { code, err } = await runMain([
      'referee',
      '--sim',
      '--autoplay',
      '--computer',
      'black:5',
      '--speed',
      'max',
      '--journal-dir',
      journalDir,
      ...QUIET,
    ]);
    expect(code, err.join('\n')).toBe(0);
    const { header, records } = journalOf(journalDir);
    expect(header).toMatchObject({ kind: 'header', settings: { players: { A: 'A', B: 'Computer (level 5)' }, takebackPlies: 2 } });
    const verdicts = verdictsOf(records);
    expect(verdicts.at(-1)?.type).toBe('match-over');
    const asked = verdicts.flatMap((v, i) => (v.type === 'computer-move' ? [i] : []));
    expect(asked.length).toBeGreaterThan(3);
    for (const i of asked) {
      const said = verdicts[i] as Extract<Verdict, { type: 'computer-move' }>;
      // The next move of the game (fouls, lifts and the like between) is the computer's, by its side.
      const next = verdicts.slice(i + 1).find((v) => v.type === 'move' || v.type === 'game-over' || v.type === 'computer-move');
      expect(next).toMatchObject({ type: 'move', side: said.side, move: said.move });
      // It is always B's side: the computer stays player B as the players change sides.
      const started = verdicts.slice(0, i).findLast((v) => v.type === 'game-started') as Extract<Verdict, { type: 'game-started' }>;
      expect(started.players[said.side]).toBe('B');
    }
    // Every move of the computer's player was one the computer said first.
    const games = verdicts.filter((v): v is Extract<Verdict, { type: 'game-started' }> => v.type === 'game-started');
    expect(games.length).toBeGreaterThan(0);
    const computerMoves = verdicts.filter((v, i) => {
      if (v.type !== 'move') return false;
      const started = verdicts.slice(0, i).findLast((x) => x.type === 'game-started') as Extract<Verdict, { type: 'game-started' }>;
      return started.players[v.side] === 'B';
    });
    expect(computerMoves).toHaveLength(asked.length);
    // The LED commands: sent (the link's `out` lines), each one journaled as a line; the computer's moves among them lit.
    const leds = records.flatMap((r) => (r.kind === 'line' && r.dir === 'out' && isLedLine(r.line) ? [r.line] : []));
    expect(leds.length).toBeGreaterThan(asked.length);
    expect(leds.at(-1)).toMatch(/^LEDCLR /);
  });

  it("plays on the board of --profile: no capture that crashes that board, which the reference board's engine would play", async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-computer-journal-'));
    const profile = join(mkdtempSync(join(tmpdir(), 'senryaku-computer-profile-')), 'light-board.json');
    writeFileSync(profile, JSON.stringify(LIGHT_BOARD_FILE));
    const { code, err } = await runMain([
      'referee',
      '--sim',
      '--autoplay',
      '--profile',
      profile,
      '--position',
      CAPTURE_OR_CRASH.position,
      '--games',
      '1',
      '--computer',
      'white:6',
      '--speed',
      'max',
      '--journal-dir',
      journalDir,
      ...QUIET,
    ]);
    expect(code, err.join('\n')).toBe(0);
    const { header, records } = journalOf(journalDir);
    expect(header.profile).toEqual(LIGHT_PROFILE);
    const first = verdictsOf(records).find((v) => v.type === 'computer-move');
    expect(first).toMatchObject({ type: 'computer-move', side: 'white' });
    expect(first).not.toMatchObject({ move: CAPTURE_OR_CRASH.move });
  });

  it('a resumed match goes on against the computer its journal names; --computer may not change it', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-computer-resume-'));
    const common = ['referee', '--sim', '--autoplay', '--seed', '3', '--speed', 'max', ...QUIET];
    const first = await runMain([...common, '--computer', 'black:2', '--games', '1', '--journal-dir', journalDir]);
    expect(first.code, first.err.join('\n')).toBe(0);
    const [name] = readdirSync(journalDir);
    const path = join(journalDir, name!);
    expect(journalOf(journalDir).header.computer).toEqual({ player: 'B', side: 'black', level: 2 });
    const changed = await runMain([...common, '--resume', path, '--computer', 'white:2', '--games', '2']);
    expect(changed.code).toBe(2);
    expect(changed.err.join('\n')).toMatch(
      /--computer white:2 does not go with --resume: the journal's match says the computer plays black:2/,
    );
    // Without --computer: game 2 (B now has white and moves first) is played against the computer still.
    const second = await runMain([...common, '--resume', path, '--games', '2']);
    expect(second.code, second.err.join('\n')).toBe(0);
    const verdicts = verdictsOf(journalOf(journalDir).records);
    const game2 = verdicts.slice(verdicts.findIndex((v) => v.type === 'game-started' && v.game === 2));
    expect(game2[0]).toMatchObject({ type: 'game-started', players: { white: 'B', black: 'A' } });
    const asked = game2.filter((v) => v.type === 'computer-move');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((v) => v.type === 'computer-move' && v.side === 'white')).toBe(true);
    const whiteMoves = game2.filter((v) => v.type === 'move' && v.side === 'white');
    expect(whiteMoves.length).toBe(asked.length);
  });

  it('a hint typed on the terminal: a hint verdict for the side to move, count 1', async () => {
    const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-hint-journal-'));
    const operatorInput = new PassThrough();
    const lines: Verdict[] = [];
    const err: string[] = [];
    const code = await main(
      ['referee', '--sim', '--rules', 'surakarta', '--speed', 'max', '--games', '1', '--json', '--journal-dir', journalDir, ...QUIET],
      {
        out: (l) => {
          const v = JSON.parse(l) as Verdict;
          lines.push(v);
          // Nobody plays: a hint once the game is on, then the game ends by agreement.
          if (v.type === 'game-started') operatorInput.write('hint\n');
          if (v.type === 'hint') operatorInput.write('agree\n');
        },
        err: (l) => err.push(l),
      },
      { operatorInput },
    );
    expect(code, err.join('\n')).toBe(0);
    const hint = lines.find((v) => v.type === 'hint');
    expect(hint).toMatchObject({
      type: 'hint',
      side: 'light',
      player: 'A',
      count: 1,
      move: expect.stringMatching(/^[a-f][1-6][-x][a-f][1-6]$/),
    });
    expect(err.some((l) => l.startsWith('hint: '))).toBe(true);
    expect(verdictsOf(journalOf(journalDir).records).filter((v) => v.type === 'hint')).toHaveLength(1);
  });

  it('bad values are refused before anything starts', async () => {
    const refused = async (...flags: string[]) => {
      const r = await runMain(['referee', '--sim', ...flags, ...QUIET]);
      expect(r.code).toBe(2);
      return r.err.join('\n');
    };
    expect(await refused('--computer', 'purple')).toBe(
      "senryaku referee: settings: --computer (computer.plays): takes white|black[:LEVEL] or off, LEVEL 1 to 10 (a side of Senryaku), got 'purple'",
    );
    expect(await refused('--computer', 'black:11')).toBe(
      "senryaku referee: settings: --computer (computer.plays): must be SIDE[:LEVEL] (such as black:5) or off, got 'black:11'",
    );
    expect(await refused('--rules', 'surakarta', '--computer', 'black')).toMatch(/takes light\|dark\[:LEVEL\] or off.*got 'black'/);
    expect(await refused('--hints', 'maybe')).toMatch(/--hints: takes on or off, got 'maybe'/);
    expect(await refused('--engine', "'never closed")).toBe(
      "senryaku referee: --engine: a ' opened at character 1 is never closed: 'never closed",
    );
  });

  it('an --engine program that will not start stops the run (exit 1) with why, before the board is awaited', async () => {
    const r = await runMain(['referee', '--sim', '--computer', 'black', '--engine', '/nonexistent/engine --fast', ...QUIET]);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/engine: EngineDied: it ended: it could not start \(spawn \/nonexistent\/engine ENOENT\)/);
  });
});
