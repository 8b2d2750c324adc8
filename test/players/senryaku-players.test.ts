// The player engine with Senryaku's players answers the referee: when it asks for the board
// to be resynced (after a reboot or a lost link hid part of a turn), they finish what is in
// their hands, put the board back as the game stands, and play the turn they had planned
// once again.
import sinon from 'sinon';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';
import { createSimBoard, type SimBoard, type SimScript } from '../../src/hardware/sim/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { DEFAULT_PROFILE } from '../../src/games/senryaku/rules/profile.ts';
import { senryakuPlayersOn } from '../../src/games/senryaku/players.ts';
import { START_SPN } from '../../src/games/senryaku/rules/spn.ts';

let clock: sinon.SinonFakeTimers | undefined;
let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
  clock?.restore();
  clock = undefined;
});

async function players(seed: number) {
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
  const created = createSimBoard({ seed, clock: 'timers' });
  if (!created.ok) throw new Error(created.error.message);
  const sim: SimBoard = created.value;
  sim.start();
  const scripts: SimScript[] = [];
  const play = sim.play.bind(sim);
  sim.play = (script) => {
    scripts.push(script);
    return play(script);
  };
  const bus = new EventBus();
  const notices: string[] = [];
  bus.on('notice', {}, (n) => notices.push(n.message));
  const auto = senryakuPlayersOn(sim, DEFAULT_PROFILE, seed)(bus);
  await auto.start();
  cleanup.push(
    () => auto.stop(),
    () => sim.stop(),
  );
  const resets: string[] = [];
  const reset = sim.resetBoard.bind(sim);
  sim.resetBoard = (position) => {
    if (typeof position === 'string') resets.push(position);
    return reset(position);
  };
  const say = (v: Verdict): void => bus.emit('verdict', v);
  return { sim, scripts, notices, resets, say, tick: (ms: number) => (clock as sinon.SinonFakeTimers).tickAsync(ms) };
}

describe("the player engine with Senryaku's players", () => {
  it.each([1, 2, 3])('asked to resync mid-turn, puts the board back and plays the same turn again (seed %i)', async (seed) => {
    const p = await players(seed);
    p.say({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: START_SPN, atMs: 0 });
    expect(p.scripts).toHaveLength(1);
    await p.tick(300);
    // The board rebooted under the player's hand; the referee found it other than the game.
    p.say({ type: 'resync-needed', differences: [], atMs: 300 });
    await p.tick(6000); // the hand finishes what it was doing, then the board is put back
    expect(p.sim.snapshot()).toMatchObject({ board: START_SPN.split(' ')[0], hand: [] });
    expect(p.scripts).toHaveLength(1);
    p.say({ type: 'resync-done', position: START_SPN, atMs: 6300 });
    await p.tick(3000);
    expect(p.scripts).toHaveLength(2);
    expect(p.scripts[1]!.steps).toEqual(p.scripts[0]!.steps);
    expect(p.notices).toEqual([]);
  });

  it('a resync-needed repeated while the hand is busy tidies up once and redoes the turn once', async () => {
    const p = await players(4);
    p.say({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: START_SPN, atMs: 0 });
    await p.tick(100);
    p.say({ type: 'resync-needed', differences: [], atMs: 100 });
    await p.tick(100);
    p.say({ type: 'resync-needed', differences: [], atMs: 200 });
    await p.tick(6000);
    p.say({ type: 'resync-done', position: START_SPN, atMs: 6200 });
    await p.tick(3000);
    expect(p.scripts).toHaveLength(2);
    expect(p.scripts[1]!.steps).toEqual(p.scripts[0]!.steps);
  });

  it('a holding attributed to nobody: no setup for the next game; the board put back, and play goes on', async () => {
    const p = await players(5);
    p.say({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: START_SPN, atMs: 0 });
    await p.tick(6000);
    p.say({ type: 'forfeit', loser: 'white', reason: 'holding', message: 'held', atMs: 6000 });
    p.say({
      type: 'game-over',
      game: 1,
      winner: 'black',
      winnerPlayer: 'B',
      reason: 'holding',
      points: 1,
      score: { A: 0, B: 1 },
      atMs: 6000,
    });
    await p.tick(1000);
    p.say({ type: 'attributed', game: 1, to: 'none', message: 'nobody', score: { A: 0, B: 0 }, atMs: 7000 });
    p.say({ type: 'resync-needed', differences: [], atMs: 7000 });
    await p.tick(5000);
    expect(p.resets).toEqual([START_SPN]); // put back as the game stands; never cleared for a setup
    p.say({ type: 'resync-done', position: START_SPN, atMs: 12000 });
    await p.tick(3000);
    expect(p.scripts).toHaveLength(2);
    expect(p.notices).toEqual([]);
  });

  it('a holding attributed to the other side: one setup, after the game-over that stands', async () => {
    const p = await players(6);
    p.say({ type: 'game-started', game: 1, players: { white: 'A', black: 'B' }, position: START_SPN, atMs: 0 });
    await p.tick(6000);
    p.say({
      type: 'game-over',
      game: 1,
      winner: 'black',
      winnerPlayer: 'B',
      reason: 'holding',
      points: 1,
      score: { A: 0, B: 1 },
      atMs: 6000,
    });
    await p.tick(2000);
    p.say({ type: 'attributed', game: 1, to: 'black', message: 'black held it', score: { A: 0, B: 0 }, atMs: 8000 });
    p.say({
      type: 'game-over',
      game: 1,
      winner: 'white',
      winnerPlayer: 'A',
      reason: 'holding',
      points: 1,
      score: { A: 1, B: 0 },
      atMs: 8000,
    });
    await p.tick(1000);
    expect(p.resets).toEqual([]); // the first game-over's setup stood down
    await p.tick(4000);
    expect(p.resets).toEqual(['7/7/7/7/7/7', START_SPN]);
  });
});
