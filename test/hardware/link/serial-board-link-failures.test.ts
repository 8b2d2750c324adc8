/**
 * SerialBoardLink when things go wrong: a board that goes silent, commands at the wrong
 * time or never answered, lines corrupted, dropped or babbled without a terminator.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import type { Frame } from '../../../src/protocol/index.ts';
import {
  DEFAULT_LINK_TIMING,
  SerialBoardLink,
  type GapNotice,
  type LinkError,
  type LinkStateChange,
  type RawLine,
} from '../../../src/hardware/link/index.ts';
import { MockBinding, ScriptedBoard, type ScriptedBoardOptions } from './scripted-board.ts';

let clock: sinon.SinonFakeTimers;
let link: SerialBoardLink | undefined;

beforeEach(() => {
  MockBinding.reset();
  // setImmediate, nextTick and queueMicrotask stay real: the serial stream needs them to move data.
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});

afterEach(async () => {
  await link?.stop();
  link = undefined;
  clock.restore();
});

function setUp(boardOptions: ScriptedBoardOptions = {}) {
  const board = new ScriptedBoard('/dev/ttyMOCK1', boardOptions);
  const l = new SerialBoardLink({ open: board.opener() });
  link = l;
  const seen = {
    states: [] as (LinkStateChange & { atMs: number })[],
    frames: [] as Frame[],
    errors: [] as LinkError[],
    gaps: [] as GapNotice[],
    lines: [] as RawLine[],
    reconnected: 0,
  };
  l.on('state', (s) => seen.states.push({ ...s, atMs: Date.now() }));
  l.on('frame', (f) => seen.frames.push(f));
  l.on('error', (e) => seen.errors.push(e));
  l.on('gap', (g) => seen.gaps.push(g));
  l.on('line', (r) => seen.lines.push(r));
  l.on('reconnected', () => seen.reconnected++);
  return { board, link: l, seen };
}

async function ready(l: SerialBoardLink): Promise<void> {
  l.start();
  await clock.tickAsync(1000);
  expect(l.state).toBe('ready');
}

describe('SerialBoardLink failures', () => {
  it('a board that stops sending: stalled after 2 s, lost at the stall limit, reconnects with backoff, ready when it answers', async () => {
    const { board, link, seen } = setUp();
    await ready(link);
    const t0 = Date.now();
    board.frame(500); // the last line the board sends
    await clock.tickAsync(1);
    board.mute = true; // nothing more comes: no answers to the pings, no frames
    await clock.tickAsync(DEFAULT_LINK_TIMING.stallMs - 300);
    expect(link.state).toBe('ready');
    await clock.tickAsync(600);
    expect(link.state).toBe('stalled');
    // Pings were tried while it was silent.
    expect(board.received.filter((c) => c.type === 'ping').length).toBeGreaterThan(0);

    await clock.tickAsync(DEFAULT_LINK_TIMING.stallGiveUpMs - DEFAULT_LINK_TIMING.stallMs - 600);
    expect(link.state).toBe('stalled');
    await clock.tickAsync(600);
    const lost = seen.states.find((s) => s.state === 'lost');
    expect(lost).toBeDefined();
    // Lost at the first watchdog tick past the limit.
    expect(lost!.atMs - t0).toBeGreaterThanOrEqual(DEFAULT_LINK_TIMING.stallGiveUpMs);
    expect(lost!.atMs - t0).toBeLessThanOrEqual(DEFAULT_LINK_TIMING.stallGiveUpMs + DEFAULT_LINK_TIMING.watchdogTickMs);
    expect(lost?.state === 'lost' && lost.reason).toMatch(/no line from the board for \d+ ms/);
    expect(seen.errors.some((e) => e.code === 'STALLED')).toBe(true);

    // Still silent: the reopened connections fail their handshake, each retry later than the last.
    await clock.tickAsync(6000);
    const afterLost = seen.states.slice(seen.states.indexOf(lost!));
    const delays: number[] = [];
    afterLost.forEach((s, i) => {
      const before = afterLost[i - 1];
      if (s.state === 'connecting' && before?.state === 'lost') delays.push(s.atMs - before.atMs);
    });
    expect(delays.slice(0, 3)).toEqual([250, 500, 1000]);
    expect(board.opens).toBeGreaterThanOrEqual(3);

    // It answers again: ready, reconnected, one reconnect gap; the backoff starts over.
    board.mute = false;
    await clock.tickAsync(8000 + 2000);
    expect(link.state).toBe('ready');
    expect(seen.reconnected).toBe(1);
    expect(seen.gaps.at(-1)?.reason).toBe('reconnect');
    // The board's clock ran on meanwhile, as the host's did.
    const boardMs = 500 + (Date.now() - t0);
    board.frame(boardMs);
    await clock.tickAsync(5);
    expect(seen.frames.at(-1)?.ms).toBe(boardMs);
    expect(link.counters().reconnects).toBe(1);
  });

  it('commands while not ready fail with NOTREADY and nothing is written', async () => {
    const { board, link } = setUp({ bootDelayMs: 1500 });
    const stopped = await link.command({ type: 'ledclr' });
    expect(stopped).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOTREADY' }) });
    link.start();
    await clock.tickAsync(100);
    expect(link.state).toBe('connecting');
    const connecting = await link.command({ type: 'ledall', rgb: 0x00ff00 });
    expect(connecting).toEqual({ ok: false, error: expect.objectContaining({ code: 'NOTREADY', message: 'link is connecting' }) });
    expect(board.hostLines()).toEqual([]);
    expect(link.counters().linesOut).toBe(0);
    await clock.tickAsync(1500);
    expect(link.state).toBe('ready');
    expect(board.received.map((c) => c.type)).toEqual(['rate', 'start']); // only the handshake's own

    // Lost (the cable is pulled and stays out): refused again, and nothing is written.
    board.unplug();
    MockBinding.reset();
    await clock.tickAsync(5);
    expect(link.state).toBe('lost');
    const linesOut = link.counters().linesOut;
    expect((await link.command({ type: 'ping' })).ok).toBe(false);
    expect(link.counters().linesOut).toBe(linesOut);
  });

  it("a NAK resolves with the board's code; a command never answered fails with TIMEOUT after its tries, each under a new seq", async () => {
    const { board, link } = setUp();
    await ready(link);
    board.nak.set('rate', 'BADARG');
    const naked = await link.command({ type: 'rate', hz: 40 });
    expect(naked).toEqual({ ok: false, error: expect.objectContaining({ code: 'NAK', boardCode: 'BADARG' }) });
    expect(board.received.filter((c) => c.type === 'rate')).toHaveLength(2); // handshake + this one, no retry

    board.mute = true;
    const result = link.command({ type: 'ledclr' });
    await clock.tickAsync(DEFAULT_LINK_TIMING.commandRetryMs * DEFAULT_LINK_TIMING.commandAttempts + 10);
    expect(await result).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'TIMEOUT', message: 'no answer to LEDCLR after 5 tries' }),
    });
    const sent = board.received.filter((c) => c.type === 'ledclr').map((c) => c.seq);
    expect(sent).toHaveLength(DEFAULT_LINK_TIMING.commandAttempts);
    expect(new Set(sent).size).toBe(sent.length);
    for (let i = 1; i < sent.length; i++) expect(sent[i]).toBe((sent[i - 1]! + 1) & 0xffff);
    expect(link.counters().commandRetries).toBe(DEFAULT_LINK_TIMING.commandAttempts - 1);
    // Given up: not sent again.
    await clock.tickAsync(500);
    expect(board.received.filter((c) => c.type === 'ledclr')).toHaveLength(DEFAULT_LINK_TIMING.commandAttempts);
  });

  it('a late ACK to an earlier try of a command still settles it', async () => {
    const { board, link } = setUp();
    await ready(link);
    board.mute = true;
    const result = link.command({ type: 'ledclr' });
    await clock.tickAsync(DEFAULT_LINK_TIMING.commandRetryMs + 10); // re-sent once
    const [first] = board.received.filter((c) => c.type === 'ledclr');
    const { formatAck } = await import('../../../src/protocol/index.ts');
    board.send(formatAck({ type: 'ack', seq: board.seq++, commandId: first!.seq }));
    await clock.tickAsync(5);
    const r = await result;
    expect(r.ok && r.value).toEqual({ commandId: first!.seq, attempts: 2 });
  });

  it('a corrupted frame and a dropped frame are counted once each as gaps, and the next good frames arrive', async () => {
    const { board, link, seen } = setUp();
    await ready(link);
    const gapsBefore = link.counters().gaps;
    board.frame(1000);
    board.corruptNext = 1;
    board.frame(1013); // bad CRC on the wire
    board.frame(1026);
    board.lose(1); // 1039 never arrives
    board.frame(1052);
    board.frame(1065);
    await clock.tickAsync(10);
    expect(seen.frames.map((f) => f.ms)).toEqual([1000, 1026, 1052, 1065]);
    const c = link.counters();
    expect(c.crcErrors).toBe(1);
    expect(c.parseErrors).toEqual({ BADCRC: 1 });
    expect(c.linesLost).toBe(2);
    expect(c.gaps - gapsBefore).toBe(2);
    expect(seen.gaps).toEqual([
      { reason: 'sequence', lostLines: 1, lastFrameMs: 1000 },
      { reason: 'sequence', lostLines: 1, lastFrameMs: 1026 },
    ]);
    expect(seen.errors.filter((e) => e.source === 'parse').map((e) => e.code)).toEqual(['BADCRC']);
    expect(link.state).toBe('ready');
  });

  it('a babbling board (10 kB with no terminator) is dropped, counted, and the link carries on', async () => {
    const { board, link, seen } = setUp();
    await ready(link);
    board.frame(2000);
    await clock.tickAsync(5);
    for (let i = 0; i < 10; i++) {
      board.raw('\x00\xffnoise~'.repeat(128)); // 1 kB a time, never CR LF
      await clock.tickAsync(1);
    }
    board.frame(2013); // glued to the babble: lost with it
    board.frame(2026);
    board.frame(2039);
    await clock.tickAsync(10);
    const c = link.counters();
    expect(c.oversizeLines).toBe(1);
    const dropped = seen.lines.filter((l) => l.direction === 'oversize');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.direction === 'oversize' && dropped[0].droppedBytes).toBeGreaterThan(10 * 1024);
    expect(seen.errors.filter((e) => e.source === 'parse').map((e) => e.code)).toEqual(['TOOLONG']);
    expect(seen.frames.map((f) => f.ms)).toEqual([2000, 2026, 2039]);
    expect(c.linesLost).toBe(1); // the frame swallowed by the babble shows up as a gap
    expect(link.state).toBe('ready');
    expect((await link.command({ type: 'ping' })).ok).toBe(true);
  });
});
