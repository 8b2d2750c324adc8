/** Shared pieces of the scoring-board tests: a fake Uno, verdict builders, flushing. */
import mockFirmata from 'mock-firmata';
import sinon from 'sinon';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import type { ByPlayer, Player } from '../../../src/rules/match/track.ts';
import type { Color } from '../../../src/games/senryaku/rules/types.ts';
import type { ScoreboardIo } from '../../../src/hardware/scoreboard/scoreboard-io.ts';
import { Max7219Emulator } from './max7219-emulator.ts';

/** A MockFirmata Uno whose pin writes drive three emulated MAX7219s. */
export function fakeUno() {
  const io = new mockFirmata.Firmata();
  const chips = new Max7219Emulator();
  const digitalWrite = sinon.stub(io, 'digitalWrite').callsFake((pin: number, value: number) => chips.digitalWrite(pin, value));
  /** What StandardFirmata's handshake ends in: the io says it is ready. */
  const answer = () => io.emit('ready');
  return { io: io as unknown as ScoreboardIo, raw: io, chips, digitalWrite, answer };
}

/** Lets promise jobs, nextTicks and johnny-five's deferred events run (setImmediate is not faked). */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

/** Fake timers for everything the scoring board times; nextTick and setImmediate stay real. */
export const fakeClock = () => sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

const at = { atMs: 0 };
export const V = {
  gameStarted: (game: number, white: Player = 'A'): Verdict => ({
    ...at,
    type: 'game-started',
    game,
    players: { white, black: white === 'A' ? 'B' : 'A' },
    position: 'start',
  }),
  move: (side: Color, move = 'a1-b2'): Verdict => ({
    ...at,
    type: 'move',
    side,
    move,
    position: 'x',
    balance: { tipMargin: { white: 1, black: 1 } },
  }),
  foul: (side: Color): Verdict => ({ ...at, type: 'foul', code: 'NotYourSphere', side, message: 'not yours', restore: [], count: 1 }),
  restored: (side: Color): Verdict => ({ ...at, type: 'restored', side, position: 'x' }),
  crash: (loser: Color): Verdict => ({ ...at, type: 'crash', loser, toward: loser, during: 'place' }),
  gameOver: (game: number, winner: Color, winnerPlayer: Player, points: number, score: ByPlayer<number>): Verdict => ({
    ...at,
    type: 'game-over',
    game,
    winner,
    winnerPlayer,
    reason: points === 2 ? 'capture' : 'crash',
    points,
    score,
  }),
  matchOver: (winner: Player, score: ByPlayer<number>, games: number): Verdict => ({ ...at, type: 'match-over', winner, score, games }),
};
