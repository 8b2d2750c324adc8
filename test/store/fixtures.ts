/** A small made-up match for the store tests: two games of Senryaku, a foul, a crash, a pass. */
import type { MatchInfo, NumberedVerdict } from '../../src/store/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';

export const INFO: MatchInfo = {
  matchId: '2026-11-30T20-00-00-000Z',
  ruleset: 'senryaku',
  event: 'Senryaku match',
  startedAt: '2026-11-30T20:00:00.000Z',
  players: { A: 'Ada', B: 'Bo' },
  board: { key: '0000002A', site: 'port /dev/ttyACM0', profile: 'reference-mega-2560' },
  settings: { policy: 'casual', players: { A: 'Ada', B: 'Bo' } },
};

const tip = { tipMargin: { white: 1.5, black: 2 } };

export const VERDICTS: readonly Verdict[] = [
  { type: 'setup', atMs: 10, game: 1, missing: [], extra: [] },
  { type: 'game-started', atMs: 20, game: 1, players: { white: 'A', black: 'B' }, position: 'start-1' },
  { type: 'move', atMs: 100, side: 'white', move: 'b1-a2', position: 'p1', balance: tip },
  {
    type: 'foul',
    atMs: 150,
    code: 'TouchMove',
    side: 'black',
    message: 'black touched {the} piece on c6',
    restore: [{ action: 'put-back', well: 'c6' }],
    count: 1,
  },
  { type: 'move', atMs: 200, side: 'black', move: 'g6-f5', position: 'p2', balance: tip },
  { type: 'move', atMs: 300, side: 'black', move: 'f5-e4', position: 'p3' }, // white passed
  { type: 'board-tipped', atMs: 390, toward: 'black' },
  { type: 'crash', atMs: 400, loser: 'white', toward: 'black', during: 'place', well: 'c3' },
  { type: 'game-over', atMs: 410, game: 1, winner: 'black', winnerPlayer: 'B', reason: 'crash', points: 2, score: { A: 0, B: 2 } },
  { type: 'game-started', atMs: 500, game: 2, players: { white: 'B', black: 'A' }, position: 'start-2' },
  { type: 'move', atMs: 600, side: 'white', move: 'a1-b2', position: 'q1' },
  { type: 'forfeit', atMs: 700, loser: 'black', reason: 'no-move', message: 'black has no legal move' },
  { type: 'game-over', atMs: 710, game: 2, winner: 'white', winnerPlayer: 'B', reason: 'no-move', points: 1, score: { A: 0, B: 3 } },
  { type: 'match-over', atMs: 720, winner: 'B', score: { A: 0, B: 3 }, games: 2 },
];

export const NUMBERED: readonly NumberedVerdict[] = VERDICTS.map((verdict, i) => ({ seq: i + 1, verdict }));
