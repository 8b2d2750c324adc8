/**
 * The dashboard's analysis of a stored match plays on the match's board: the profile of its
 * journal header, heard when the server was attached to the match (or a match whose board has
 * that profile's name), else the game's reference board, since the store keeps only the name.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/referee/verdicts.ts';
import type { MatchInfo, MatchStore } from '../../src/store/index.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { MatchAnalyses } from '../../src/web/history-routes.ts';
import { CAPTURE_OR_CRASH, LIGHT_PROFILE } from '../games/senryaku/light-board.ts';

const info = (matchId: string, profile?: string): MatchInfo => ({
  matchId,
  ruleset: 'senryaku',
  event: 'Senryaku match',
  startedAt: '2026-12-01T10:00:00.000Z',
  players: { A: 'Ada', B: 'Bo' },
  board: { key: '0000002A', site: 'port /dev/ttyACM0', ...(profile !== undefined ? { profile } : {}) },
  settings: { players: { A: 'Ada', B: 'Bo' } },
});
/** White captured on d4: a win on the reference board, a crash of the light board. */
const VERDICTS: Verdict[] = [
  { type: 'game-started', atMs: 0, game: 1, players: { white: 'A', black: 'B' }, position: CAPTURE_OR_CRASH.position },
  { type: 'move', atMs: 1000, side: 'white', move: CAPTURE_OR_CRASH.move, position: '7/7/3W3/1w3w1/w6/7 b - -' },
  { type: 'game-over', atMs: 1000, game: 1, winner: 'white', winnerPlayer: 'A', reason: 'capture', points: 2, score: { A: 2, B: 0 } },
];

/** A store of these matches, each with the verdicts above. */
const storeOf = (...matches: MatchInfo[]): MatchStore =>
  ({
    info: (id: string) => matches.find((m) => m.matchId === id),
    verdicts: () => VERDICTS.map((verdict, i) => ({ seq: i + 1, verdict })),
  }) as unknown as MatchStore;

/** The capture's row of the analysis the server answers. */
async function captureRow(analyses: MatchAnalyses, store: MatchStore, id: string): Promise<{ mark?: string; best?: string }> {
  let answered: { status: number; body: string } | undefined;
  const res = {
    writeHead: (status: number) => (answered = { status, body: '' }),
    end: (body: string) => (answered!.body = body),
  } as unknown as ServerResponse;
  await analyses.answer(res, store, BUILT_IN_RULESETS, id);
  expect(answered?.status, answered?.body).toBe(200);
  const body = JSON.parse(answered!.body) as { analysis: { games: { plies: { move: string; mark?: string; best?: string }[] }[] } };
  return body.analysis.games[0]!.plies.find((p) => p.move === CAPTURE_OR_CRASH.move)!;
}

describe("the dashboard's analysis of a stored match", () => {
  it("plays on the board of the match's journal header, or of a profile of its board's name; else on the reference board", async () => {
    const analyses = new MatchAnalyses();
    const store = storeOf(info('heard', 'light-board'), info('named', 'light-board'), info('unknown', 'another-board'));
    // Nothing heard yet: the reference board, where the capture wins.
    expect(await captureRow(analyses, store, 'heard')).toMatchObject({ best: CAPTURE_OR_CRASH.move });
    analyses.boardSeen('heard', 'senryaku', LIGHT_PROFILE);
    const onLight = await captureRow(analyses, store, 'heard');
    expect(onLight.mark).toBe('crash');
    expect(onLight.best).not.toBe(CAPTURE_OR_CRASH.move);
    expect(await captureRow(analyses, store, 'named')).toMatchObject({ mark: 'crash' });
    const unknown = await captureRow(analyses, store, 'unknown');
    expect(unknown.mark).toBeUndefined();
    expect(unknown.best).toBe(CAPTURE_OR_CRASH.move);
  });
});
