// The board tips when the simulator's rigid-body statics say so (which agree with the rules core's
// balance model: rigid-body.test.ts): tilt switch, TILT line, spill, reset.
import { describe, expect, it } from 'vitest';
import { BalanceModel, DEFAULT_PROFILE, parseSpn } from '../../../src/games/senryaku/rules/index.ts';
import { simScript } from '../../../src/hardware/sim/index.ts';
import { bootedBoardWithHost } from './helpers.ts';

const START = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

describe('sim tipping', () => {
  it('lifting black spheres tips the board toward White exactly when the model says unstable', async () => {
    const model = BalanceModel.fromProfile(DEFAULT_PROFILE);
    const start = parseSpn(START);
    if (!start.ok) throw new Error(start.error.message);
    // Lifted d6, e6: stable; with f6 too: unstable (rank-6 wells are 35..41).
    expect(model.isStable(start.value.board, [38, 39])).toBe(true);
    expect(model.isStable(start.value.board, [38, 39, 40])).toBe(false);

    const { board, host } = bootedBoardWithHost({ seed: 5 });
    host.send({ type: 'start', seq: 1 });
    const twoLifts = board.play(simScript().lift('d6').wait(200).lift('e6'));
    board.advance(300);
    await twoLifts;
    expect(board.physics.tipped).toBeUndefined();
    expect(host.of('tilt')).toHaveLength(0);

    const third = board.lift('f6');
    board.advance(400);
    await third;
    expect(board.physics.tipped).toBe('white');
    const tilts = host.of('tilt');
    expect(tilts).toHaveLength(1); // chatter debounced into one event
    expect(tilts[0]?.tilt).toEqual({ white: true, black: false });
    expect(host.of('frame').at(-1)?.tilt).toEqual({ white: true, black: false });
    // Spilled: every sphere left its well; the three lifted ones are still in hand.
    const snap = board.snapshot();
    expect(snap.board).toBe('7/7/7/7/7/7');
    expect(snap.onTable).toHaveLength(11);
    expect(snap.hand).toEqual(['B', 'b', 'b']);
    const wells = host.of('frame').at(-1)?.cells ?? new Int32Array();
    for (let cell = 0; cell < 42; cell++) expect(Math.abs(board.sensors.gramsOf(cell, wells[cell] ?? 0))).toBeLessThan(1);
  });

  it('the TILT line comes 10 ms after the switch settles, stamped in board ms', async () => {
    const { board, host } = bootedBoardWithHost({ seed: 5, tiltChatter: false });
    const tippedAt = board.nowMs;
    const msAtTip = board.firmware.millis(tippedAt);
    void board.press('g6', 600, { durationMs: 100 });
    board.advance(50);
    expect(board.physics.tipped).toBe('black');
    expect(host.of('tilt')[0]?.ms).toBe(msAtTip + 1 + 10);
  });

  it('pressing hard on an edge well tips the board toward that side', async () => {
    const { board } = bootedBoardWithHost({ seed: 2 });
    void board.press('a6', 500, { durationMs: 100 });
    board.advance(50);
    expect(board.physics.tipped).toBe('black');
  });

  it('a hand on the rim tips the board by where it presses (the rigid board: 48 g at the rim is the limit)', async () => {
    // Default profile, lengths in pitches: the rim on Black's side is 4 pitches out (160 mm of 40 mm).
    // Empty board: τ_black = 720·(0 − 0.25) + N·(4 − 0.25) > 0 ⇔ N > 48 g.
    const atLimit = bootedBoardWithHost({ seed: 3, position: '7/7/7/7/7/7' }).board;
    void atLimit.holdBoard(48, { durationMs: 100, at: { x: 0, y: 4 } });
    atLimit.advance(50);
    expect(atLimit.physics.tipped).toBeUndefined();
    const past = bootedBoardWithHost({ seed: 3, position: '7/7/7/7/7/7' }).board;
    void past.holdBoard(60, { durationMs: 100, at: { x: 3, y: 4 } });
    past.advance(50);
    expect(past.physics.tipped).toBe('black');
  });

  it('a tipped board stays tipped until resetBoard, which levels it (TILT --) with a new layout', () => {
    const { board, host } = bootedBoardWithHost({ seed: 8, position: 'bbbBbbb/7/7/7/7/7' });
    board.advance(50);
    expect(board.physics.tipped).toBe('black');
    board.advance(2000);
    expect(board.physics.tipped).toBe('black');
    expect(board.resetBoard(START).ok).toBe(true);
    board.advance(50);
    expect(board.physics.tipped).toBeUndefined();
    expect(host.of('tilt').at(-1)?.tilt).toEqual({ white: false, black: false });
    expect(board.snapshot().board).toBe('bbbBbbb/7/7/7/7/wwwWwww');
    expect(board.resetBoard('nonsense').ok).toBe(false);
  });

  it('placing on a tipped board is refused (BoardTipped)', async () => {
    const { board } = bootedBoardWithHost({ position: '7/7/7/7/7/wwwWwww' });
    board.advance(20);
    const placed = board.place('d4', { kind: 'w' });
    board.advance(1);
    const outcome = await placed;
    expect(outcome.result.ok ? 'ok' : outcome.result.error.code).toBe('BoardTipped');
  });
});
