/**
 * What the board says about time and itself is a claim the link judges: frames whose board
 * time the host's clock did not see coming, a flood, a HELLO naming another board.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import type { Frame } from '../../../src/protocol/index.ts';
import { SerialBoardLink, type LinkError } from '../../../src/hardware/link/index.ts';
import { MockBinding, ScriptedBoard } from './scripted-board.ts';

let clock: sinon.SinonFakeTimers;
let link: SerialBoardLink | undefined;

beforeEach(() => {
  MockBinding.reset();
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});

afterEach(async () => {
  await link?.stop();
  link = undefined;
  clock.restore();
});

async function setUp() {
  const board = new ScriptedBoard('/dev/ttyMOCK2');
  const l = new SerialBoardLink({ open: board.opener() });
  link = l;
  const frames: Frame[] = [];
  const errors: LinkError[] = [];
  l.on('frame', (f) => frames.push(f));
  l.on('error', (e) => errors.push(e));
  l.start();
  await clock.tickAsync(1000);
  expect(l.state).toBe('ready');
  /** A genuine frame now: the board's clock is the host's, 5 s behind. */
  const genuine = (): void => board.frame(Math.round(Date.now() + 5000));
  /** Streams genuine frames for `ms` of host time at 80 a second. */
  const stream = async (ms: number): Promise<void> => {
    for (let t = 0; t < ms; t += 12.5) {
      genuine();
      await clock.tickAsync(12.5);
    }
  };
  return { board, link: l, frames, errors, genuine, stream };
}

const H3 = 3 * 3600_000;

describe('the link judges the board’s claims', () => {
  it('two frames with a valid CRC three hours ahead are refused and said; the genuine frames go on at once', async () => {
    const { board, link, frames, errors, stream } = await setUp();
    await stream(500);
    board.frame(Date.now() + 5000 + H3);
    board.frame(Date.now() + 5000 + H3 + 12);
    await clock.tickAsync(12);
    const before = frames.length;
    await stream(1000);
    // Every genuine frame of that second got through: none was "not newer" than the forged ones.
    expect(frames.length - before).toBe(80);
    expect(frames.every((f) => f.ms < H3)).toBe(true);
    const c = link.counters();
    expect(c.clockRefused).toBe(2);
    expect(c.duplicateFrames).toBe(0);
    // Said when it started, and summed up once quiet for a second.
    await stream(100);
    const said = errors.filter((e) => e.source === 'clock');
    expect(said.map((e) => e.code)).toEqual(['CLOCK_AHEAD', 'CLOCK_AHEAD']);
    expect(said[0]?.message).toMatch(/3 h 0 min ahead of the host's clock: refused/);
    expect(said[1]?.message).toMatch(/refused 2 frames ahead/);
    expect(link.state).toBe('ready');
  });

  it('a 3 s flood with a running clock is rate-limited and counted, and the genuine frames go on within a second of it', async () => {
    const { board, link, frames, errors, genuine, stream } = await setUp();
    await stream(500);
    // For 3 s, 8 extra frames every period, each stamped a period later than the last: a clock running 8× the host's.
    let forged = Date.now() + 5000;
    const floodEnd = Date.now() + 3000;
    while (Date.now() < floodEnd) {
      genuine();
      for (let i = 0; i < 8; i++) board.frame(Math.round((forged += 12.5)));
      await clock.tickAsync(12.5);
    }
    const after = frames.length;
    const t = Date.now();
    await stream(1000);
    const late = frames.slice(after);
    // Within the second after the flood the genuine frames flow again.
    expect(late.length).toBeGreaterThan(40);
    expect(late.at(-1)!.ms).toBeGreaterThan(t + 5000 + 900);
    const c = link.counters();
    expect(c.clockRefused + c.rateLimited).toBeGreaterThan(1500);
    expect(errors.filter((e) => e.source === 'clock').length).toBeGreaterThanOrEqual(1);
    expect(link.state).toBe('ready');
  });

  it('a HELLO naming another cell count mid-stream is refused and said; frames keep their size; the board is asked again', async () => {
    const { board, link, frames, errors, stream } = await setUp();
    await stream(200);
    const asked = board.received.filter((c) => c.type === 'hello').length;
    board.send(
      // A forged HELLO: another board id and 36 cells, on the current boot.
      (await import('../../../src/protocol/index.ts')).formatHello({
        ...board.hello,
        seq: board.seq,
        boardId: 0x2b,
        wellCells: 36,
        pivotCells: 0,
      }),
    );
    await clock.tickAsync(1);
    const before = frames.length;
    await stream(500);
    expect(frames.length - before).toBe(40);
    expect(frames.at(-1)?.cells).toHaveLength(44);
    expect(link.counters().helloMismatches).toBe(1);
    expect(errors.find((e) => e.code === 'HELLO_MISMATCH')?.message).toMatch(/claims board 0x2b with 36 \+ 0 cells.*refused/);
    // Asked, the board answered its own HELLO: the link is still configured for it.
    expect(board.received.filter((c) => c.type === 'hello').length).toBe(asked + 1);
    expect(link.hello?.wellCells).toBe(42);
    expect(link.state).toBe('ready');
  });
});
