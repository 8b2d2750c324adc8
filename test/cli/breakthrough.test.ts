// Breakthrough from the command line, on the same stack as the other games: its rules tools
// (perft, moves), its option (--first-to), and whole matches refereed on the simulated
// Breakthrough board (its generated profile) with simulated players: through the journal
// (`senryaku replay` of it gives what was announced), the match store, MQTT (the embedded
// broker: every verdict of a match, in order, and a new match asked for by an operator) and
// the dashboard's state endpoint; and a match resumed from its journal.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import {
  formatPosition,
  gameStatus,
  parseLegalMove,
  parsePosition,
  positionAfter,
  type Position,
} from '../../src/games/breakthrough/rules/index.ts';
import { saidVerdict } from '../said.ts';
import { expectValidPayloads, freePort, simSettingsFile } from '../telemetry/mqtt-tools.ts';
import { until } from '../wait.ts';
import { runMain } from './run-main.ts';

const run = (...argv: string[]) => runMain(argv);

beforeAll(async () => {
  await import('../../src/cli/commands/referee.ts');
  await import('../../src/cli/commands/replay.ts');
  await import('../../src/cli/commands/matches.ts');
  await import('../../src/cli/commands/perft.ts');
  await import('../../src/cli/commands/moves.ts');
});

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The verdicts of each match a `--json` run printed, in order (each match's seq starts at 1). */
function matchesOf(lines: readonly string[]): Verdict[][] {
  const out: Verdict[][] = [];
  for (const line of lines) {
    const { seq } = JSON.parse(line) as { seq: number };
    if (seq === 1) out.push([]);
    out.at(-1)!.push(saidVerdict(line));
  }
  return out;
}

const parsed = (text: string): Position => {
  const p = parsePosition(text);
  if (!p.ok) throw new Error(`bad position ${text}: ${p.error.message}`);
  return p.value;
};

/** A match's verdicts held to the rules core: every move legal and where it says, every foul put right before play goes on, each game won as the rules say. */
function checkMatch(verdicts: readonly Verdict[]): void {
  let pos: Position | undefined;
  let foul: string | undefined;
  for (const v of verdicts)
    switch (v.type) {
      case 'game-started':
        pos = parsed(v.position);
        break;
      case 'move': {
        expect(v.side).toBe(pos!.turn);
        const move = parseLegalMove(pos!, v.move);
        expect(move.ok, `${v.move} in ${formatPosition(pos!)}`).toBe(true);
        if (move.ok) pos = positionAfter(pos!, move.value);
        expect(formatPosition(pos!), `the position after ${v.move}`).toBe(v.position);
        expect(foul, 'a move while a foul stands').toBeUndefined();
        break;
      }
      case 'foul':
        foul = v.code;
        break;
      case 'restored':
        expect(foul, 'restored answers a foul').toBeDefined();
        expect(v.position).toBe(formatPosition(pos!));
        foul = undefined;
        break;
      case 'game-over': {
        expect(foul, 'a foul left standing at the end of a game').toBeUndefined();
        const status = gameStatus(pos!);
        expect(status.kind === 'over' && [status.winner, status.reason]).toEqual([v.winner, v.reason]);
        expect(v.points).toBe(1);
        break;
      }
      default:
        break;
    }
}

describe('senryaku perft, moves and options --rules breakthrough', () => {
  it('counts the start position: 16, 256, 4308', async () => {
    expect(await run('perft', '3', '--rules', 'breakthrough')).toMatchObject({ code: 0, out: ['1 16', '2 256', '3 4308'] });
    const d = await run('perft', '2', '--rules', 'breakthrough', '--divide');
    expect(d.out.at(-1)).toBe('total 256');
  });

  it('lists moves with their outcome; a game over has none', async () => {
    const m = await run('moves', '--rules', 'breakthrough', '--position', '6/2w3/1b4/6/6/6 w');
    expect(m.code).toBe(0);
    expect(m.out).toEqual(['c5-b6 white wins (breakthrough)', 'c5-c6 white wins (breakthrough)', 'c5-d6 white wins (breakthrough)']);
    const over = await run('moves', '--rules', 'breakthrough', '--position', '2w3/6/6/6/3b2/6 b');
    expect(over.out).toEqual(['no legal move: the game is over, white won (breakthrough)']);
    const bad = await run('moves', '--rules', 'breakthrough', '--position', 'bbbbbb/6 w');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/bad --position: .*\[WrongRankCount\]/);
  });

  it("checks --first-to, and refuses another game's options", async () => {
    const bad = await run('referee', '--sim', '--rules', 'breakthrough', '--first-to', '0');
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toMatch(/--first-to must be a whole number from 1 to 99, got '0'/);
    const match = await run('referee', '--sim', '--rules', 'breakthrough', '--match', 'games:2');
    expect(match.code).toBe(2);
    expect(match.err[0]).toMatch(/--match is for Surakarta; a Breakthrough match takes --first-to N/);
    const other = await run('referee', '--sim', '--first-to', '3');
    expect(other.code).toBe(2);
    expect(other.err[0]).toMatch(/--first-to is for Breakthrough/);
  });
});

describe('senryaku referee --rules breakthrough --sim --autoplay: the whole stack', () => {
  it(
    'a match from the settings file and one an operator asks for over MQTT: journalled and replayed, stored, published, served',
    { timeout: 240_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'breakthrough-stack-'));
      const port = await freePort();
      // The game and its option in the settings file: first to 2 games, from `match.firstTo`.
      const config = await simSettingsFile(
        dir,
        port,
        ['board: { sim: true, seed: 2 }', 'rules: breakthrough', 'match: { firstTo: 2, players: { A: Ada, B: Bo } }'],
        [{ name: 'desk', role: 'operator', password: 'pw' }],
      );
      const out: string[] = [];
      const err: string[] = [];
      const argv = ['referee', '--config', config, '--autoplay', '--speed', 'max', '--stay', '--json', '--http', '127.0.0.1:0'];
      const running = main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
      let stopped = false;
      cleanups.push(async () => {
        if (!stopped) process.emit('SIGINT');
        await running;
      });

      // The dashboard's address is said first, then the broker's.
      const url = await until('the dashboard', () => err.map((l) => /^Dashboard: (http:\S+)/.exec(l)?.[1]).find(Boolean));
      await until('the broker', () => err.some((l) => l.includes(`MQTT broker on mqtt://127.0.0.1:${port}`)));
      const messages: { topic: string; payload: string }[] = [];
      const client: MqttClient = connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4, reconnectPeriod: 0 });
      cleanups.push(() => void client.end(true));
      client.on('message', (topic, payload) => messages.push({ topic, payload: payload.toString('utf8') }));
      await client.subscribeAsync('senryaku/#', { qos: 1 });

      // Match 1 (the settings file's): refereed to its end; --stay waits for the next.
      await until('match 1 over', () => matchesOf(out)[0]?.some((v) => v.type === 'match-over'), 180_000);
      const [first] = matchesOf(out);
      expect(first![0]).toMatchObject({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' } });
      expect(first!.filter((v) => v.type === 'game-over').every((v) => v.type === 'game-over' && v.points === 1)).toBe(true);
      expect(first!.at(-1)).toMatchObject({ type: 'match-over', score: expect.objectContaining({}) });
      const over1 = first!.at(-1) as Extract<Verdict, { type: 'match-over' }>;
      expect(Math.max(over1.score.A, over1.score.B)).toBe(2);
      checkMatch(first!);
      // This seed's players foul now and then (human handling at the default odds), and put it right.
      expect(new Set(first!.flatMap((v) => (v.type === 'foul' ? [v.code] : []))).size).toBeGreaterThan(1);

      // Match 2: an operator asks for it over MQTT, first to 1, with other players; it is read whole.
      const operator = connect(`mqtt://127.0.0.1:${port}`, { protocolVersion: 4, reconnectPeriod: 0, username: 'desk', password: 'pw' });
      cleanups.push(() => void operator.end(true));
      await new Promise<void>((resolve, reject) => operator.once('connect', () => resolve()).once('error', reject));
      const request = { transaction: 'bt2', 'first-to': 1, players: { A: 'Cy', B: 'Di' } };
      await operator.publishAsync('senryaku/bridge/request/new_match', JSON.stringify(request), { qos: 1 });
      const answer = await until('the answer', () => messages.find((m) => m.topic === 'senryaku/bridge/response/new_match'));
      const response = JSON.parse(answer.payload) as { status: string; transaction: string; data: { matchId: string; ruleset: string } };
      expect(response).toMatchObject({ status: 'ok', transaction: 'bt2', data: { ruleset: 'breakthrough' } });
      const matchId = response.data.matchId;
      const published = () =>
        messages
          .filter((m) => m.topic.endsWith('/verdict'))
          .map((m) => JSON.parse(m.payload) as { matchId: string; seq: number; verdict: Verdict })
          .filter((m) => m.matchId === matchId);
      await until('match 2 over on MQTT', () => published().some((m) => m.verdict.type === 'match-over'), 180_000);
      await until('match 2 over on the terminal', () => matchesOf(out)[1]?.some((v) => v.type === 'match-over'));
      const announced = matchesOf(out)[1]!;
      expect(announced[0]).toMatchObject({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' } });
      expect(announced.filter((v) => v.type === 'game-over')).toHaveLength(1);
      expect(announced.filter((v) => v.type === 'move').length).toBeGreaterThan(5);
      checkMatch(announced);

      // MQTT: every verdict of match 2, once and in order, exactly as announced; its match topic names the game.
      expect(published().map((m) => m.seq)).toEqual(announced.map((_, i) => i + 1));
      expect(published().map((m) => m.verdict)).toEqual(announced);
      const matchTopic = messages.filter((m) => m.topic.endsWith('/match')).map((m) => JSON.parse(m.payload) as Record<string, unknown>);
      expect(matchTopic.at(-1)).toMatchObject({ matchId, ruleset: 'breakthrough', players: { A: 'Cy', B: 'Di' } });
      // Every payload holds to its topic's schema (state, verdict, match, bridge...).
      expectValidPayloads(messages);

      // The dashboard serves match 2: its game, its state and what it heard; its history from the store.
      const state = (await (await fetch(`${url}api/state`)).json()) as {
        match: { matchId: string; ruleset: string; rulesetName: string; words: { cell: string } };
        snapshot: { phase: string; score: { trackLength: number } };
        verdicts: { seq: number; verdict: Verdict }[];
      };
      expect(state.match).toMatchObject({ matchId, ruleset: 'breakthrough', rulesetName: 'Breakthrough', words: { cell: 'square' } });
      expect(state.snapshot).toMatchObject({ phase: 'match-over', score: { trackLength: 1 } });
      expect(state.verdicts.map((h) => h.verdict)).toEqual(announced);
      const history = (await (await fetch(`${url}api/matches`)).json()) as { matches: { matchId: string; ruleset: string }[] };
      expect(history.matches.filter((m) => m.ruleset === 'breakthrough')).toHaveLength(2);
      const stored = (await (await fetch(`${url}api/matches/${encodeURIComponent(matchId)}/verdicts`)).json()) as {
        verdicts: unknown[];
      };
      expect(stored.verdicts).toHaveLength(announced.length);

      process.emit('SIGINT');
      stopped = true;
      expect(await running, err.join('\n')).toBe(0);

      // The journal of match 2 replays, by the replay command, to what was announced.
      const journalDir = join(dir, 'journal');
      const file = readdirSync(journalDir).find((f) => f.includes(matchId));
      expect(file).toBeDefined();
      const journalPath = join(journalDir, file!);
      const replayed = await run('replay', journalPath, '--json');
      expect(replayed.code, replayed.err.join('\n')).toBe(0);
      expect(replayed.out.map((l) => JSON.parse(l) as Verdict)).toEqual(announced);
      expect((await run('replay', journalPath, '--check')).out[0]).toMatch(
        /^checked: \d+ verdicts in 1 session, identical to the journal$/,
      );
      const journal = readJournal(journalPath);
      if (!journal.ok) throw new Error(journal.error.message);
      expect(journal.value.header).toMatchObject({ ruleset: 'breakthrough', settings: { firstTo: 1, policy: 'casual' } });

      // The match store has both matches, the second with its one game, exported with its game's tags.
      const db = join(dir, 'm.db');
      const list = await run('matches', 'list', '--db', db, '--json');
      expect(list.out.map((l) => JSON.parse(l) as { ruleset: string }).map((m) => m.ruleset)).toEqual(['breakthrough', 'breakthrough']);
      const shown = await run('matches', 'show', matchId, '--db', db, '--json');
      expect(JSON.parse(shown.out[0]!)).toMatchObject({ games: [expect.anything()] });
      const sgn = await run('matches', 'export', matchId, '--format', 'sgn', '--db', db);
      const text = sgn.out.join('\n');
      for (const tag of ['[Ruleset "breakthrough"]', '[White "Cy"]', '[Black "Di"]', '[Profile "breakthrough-mega-2560"]'])
        expect(text).toContain(tag);
    },
  );

  it(
    'resumes a Breakthrough match from its journal (the journal names its game): game 2 follows with sides swapped',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'breakthrough-resume-'));
      const common = ['--sim', '--autoplay', '--seed', '6', '--speed', 'max', '--json', '--scoreboard', 'none', '--db', 'off'];
      const dirs = ['--calibration-dir', join(dir, 'cal')];
      const first = await run('referee', ...common, ...dirs, '--rules', 'breakthrough', '--games', '1', '--journal-dir', join(dir, 'j'));
      expect(first.code, first.err.join('\n')).toBe(0);
      const [file] = readdirSync(join(dir, 'j'));
      const path = join(dir, 'j', file!);
      const wrong = await run('referee', ...common, ...dirs, '--rules', 'surakarta', '--resume', path);
      expect(wrong.code).toBe(2);
      expect(wrong.err[0]).toMatch(/is a breakthrough match: --rules surakarta does not go with it/);
      const second = await run('referee', ...common, ...dirs, '--resume', path, '--games', '2');
      expect(second.code, second.err.join('\n')).toBe(0);
      const verdicts = second.out.map((l) => saidVerdict(l));
      expect(verdicts.find((v) => v.type === 'game-started')).toMatchObject({ game: 2, players: { white: 'B', black: 'A' } });
      const journal = readJournal(path);
      if (!journal.ok) throw new Error(journal.error.message);
      const replay = replayJournal(journal.value);
      if (!replay.ok) throw new Error(replay.error);
      expect(replay.value.sessions).toBe(2);
      expect(replay.value.mismatch).toBeUndefined();
    },
  );
});
