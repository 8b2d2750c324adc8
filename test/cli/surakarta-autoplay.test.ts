// An autoplayed Surakarta match from the command line, with the players' human handling at
// its default odds (fouls included), held to the rules core: every move verdict is a legal
// move of the position before it and leads to the position it says, every capture is
// announced as one, every foul is put right before play goes on, each game ends with a
// winner (or a draw), a reason and points, and the match ends after game 2. The journal
// then replays to the same verdicts.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { main } from '../../src/cli/main.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import {
  formatPosition,
  legalMoves,
  parseLegalMove,
  parsePosition,
  pieceCounts,
  playPass,
  positionAfter,
  type Position,
} from '../../src/games/surakarta/rules/index.ts';
import { saidVerdict } from '../said.ts';

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
});

/** Seeds whose matches have fouls of several kinds in them at the default odds. */
const SEEDS = ['3', '8'];

async function autoplay(seed: string): Promise<{ verdicts: Verdict[]; journalPath: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'surakarta-autoplay-'));
  const journalDir = join(dir, 'journal');
  const out: string[] = [];
  const err: string[] = [];
  const argv = ['referee', '--sim', '--autoplay', '--rules', 'surakarta', '--match', 'games:2', '--seed', seed, '--speed', 'max'];
  const code = await main([...argv, '--json', '--scoreboard', 'none', '--journal-dir', journalDir, '--calibration-dir', join(dir, 'cal')], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  expect(code, err.join('\n')).toBe(0);
  const [file] = readdirSync(journalDir);
  return { verdicts: out.map(saidVerdict), journalPath: join(journalDir, file!) };
}

const parsed = (text: string): Position => {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(`bad position ${text}: ${p.error.message}`);
  return p.value;
};

/** The same pieces on the same points and the same side to move. */
const sameAs = (a: Position, b: Position): boolean => formatPosition(a) === formatPosition(b);

/** Checks one game's verdicts (from game-started to game-over) against the rules core; returns the fouls seen. */
function checkGame(game: readonly Verdict[]): string[] {
  const started = game[0]!;
  if (started.type !== 'game-started') throw new Error(`a game starts with game-started, not ${started.type}`);
  let pos = parsed(started.position);
  const fouls: string[] = [];
  let foulStanding: string | undefined;
  for (const v of game.slice(1)) {
    switch (v.type) {
      case 'move': {
        // A side with no legal move has passed (a notice, no verdict): the other side moves.
        if (legalMoves(pos).length === 0) {
          const passed = playPass(pos);
          if (!passed.ok) throw new Error(passed.error.message);
          pos = passed.value;
        }
        expect(v.side).toBe(pos.turn);
        const move = parseLegalMove(pos, v.move);
        expect(move.ok, `${v.move} in ${formatPosition(pos)}: ${move.ok ? '' : move.error.message}`).toBe(true);
        if (!move.ok) break;
        const after = positionAfter(pos, move.value);
        expect(formatPosition(after), `the position after ${v.move}`).toBe(v.position);
        // A capture is a piece count drop, and only a move written with x drops one.
        const dropped =
          pieceCounts(pos.board)[pos.turn === 'light' ? 'dark' : 'light'] -
          pieceCounts(after.board)[pos.turn === 'light' ? 'dark' : 'light'];
        expect(dropped, v.move).toBe(v.move.includes('x') ? 1 : 0);
        expect(pieceCounts(after.board)[pos.turn], v.move).toBe(pieceCounts(pos.board)[pos.turn]);
        pos = after;
        foulStanding = undefined;
        break;
      }
      case 'foul':
        expect(v.side).toBe(pos.turn);
        expect(v.restore.length).toBeGreaterThan(0);
        fouls.push(v.code);
        foulStanding = v.code;
        break;
      case 'restored':
        expect(foulStanding, 'restored answers a foul').toBeDefined();
        expect(sameAs(parsed(v.position), pos)).toBe(true);
        foulStanding = undefined;
        break;
      case 'game-over':
        expect(foulStanding, 'a foul left standing at the end of the game').toBeUndefined();
        expect(typeof v.reason).toBe('string');
        expect(typeof v.points).toBe('number');
        if (v.winner === undefined) expect(v.points).toBe(0);
        else {
          expect(['light', 'dark']).toContain(v.winner);
          expect(v.points).toBeGreaterThan(0);
          if (v.reason === 'all-captured') {
            expect(pieceCounts(pos.board)[v.winner === 'light' ? 'dark' : 'light']).toBe(0);
            expect(v.points).toBe(pieceCounts(pos.board)[v.winner as 'light' | 'dark']);
          }
        }
        break;
      case 'forfeit':
        throw new Error(`nobody holds the board for 2 s at these odds: ${v.message}`);
      default:
        break;
    }
  }
  return fouls;
}

describe('senryaku referee --rules surakarta --sim --autoplay --json: human handling, refereed right', () => {
  it(
    'every move is legal and leads where it says, every capture is announced, fouls are called and put right; the journal replays',
    { timeout: 240_000 },
    async () => {
      const foulCodes = new Set<string>();
      for (const seed of SEEDS) {
        const { verdicts, journalPath } = await autoplay(seed);
        const starts = verdicts.flatMap((v, i) => (v.type === 'game-started' ? [i] : []));
        const ends = verdicts.flatMap((v, i) => (v.type === 'game-over' ? [i] : []));
        expect(verdicts.filter((v) => v.type === 'game-started').map((v) => v.type === 'game-started' && v.game)).toEqual([1, 2]);
        expect(ends).toHaveLength(2);
        const seedFouls: string[] = [];
        for (let g = 0; g < 2; g++) seedFouls.push(...checkGame(verdicts.slice(starts[g], ends[g]! + 1)));
        expect(seedFouls.length, `seed ${seed}: fouls at the default odds`).toBeGreaterThan(0);
        for (const f of seedFouls) foulCodes.add(f);
        expect(verdicts.filter((v) => v.type === 'restored').length).toBe(seedFouls.length);
        // Captures happened (checkGame holds each piece lost to a move written with x).
        const captures = verdicts.filter((v) => v.type === 'move' && v.move.includes('x')).length;
        expect(captures).toBeGreaterThan(0);

        const last = verdicts.at(-1)!;
        expect(last.type).toBe('match-over');
        expect(verdicts.findIndex((v) => v.type === 'match-over')).toBeGreaterThan(ends[1]!);
        if (last.type === 'match-over') expect(last.games).toBe(2);

        const journal = readJournal(journalPath);
        if (!journal.ok) throw new Error(journal.error.message);
        const replay = replayJournal(journal.value);
        if (!replay.ok) throw new Error(replay.error);
        expect(replay.value.mismatch).toBeUndefined();
        expect(replay.value.verdicts).toEqual(verdicts);
      }
      // The fouls the players commit on purpose, across the seeds.
      expect([...foulCodes].sort()).toEqual(['IllegalPlacement', 'NotYourSphere', 'Rolled', 'TouchMove']);
    },
  );
});
