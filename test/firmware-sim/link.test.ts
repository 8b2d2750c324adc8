// The host's normal link (SerialBoardLink) opens the real firmware's pty like a USB board:
// handshake, RATE and START, frames, an LED command, and a resync after the board restarts,
// whether from a reset or from its watchdog ending a hung loop (a test build's hang pin).
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { SerialBoardLink, bindingPortOpener, type BoardLinkEvent, type BoardLinkEvents } from '../../src/hardware/link/index.ts';
import { FIRMWARE_ELF, TEST_FIRMWARE_ELF, useFirmwareSim } from './artifacts.ts';

const { skip, cleanups } = useFirmwareSim();

const open = async (elf: string): Promise<{ board: FirmwareBoard; link: SerialBoardLink }> => {
  const started = await FirmwareBoard.start({ elf, fast: true });
  if (!started.ok) throw new Error(started.error.message);
  const board = started.value;
  cleanups.push(() => board.stop());
  // A pty has no DTR, so opening it does not reset the board: the link asks HELLO soon.
  const link = new SerialBoardLink({ open: bindingPortOpener(SerialPort.binding, board.ptyPath), timing: { bootHelloWaitMs: 200 } });
  cleanups.push(() => link.stop());
  return { board, link };
};

/** The next `event` the link emits that `accept` takes. */
const nextOf = <E extends BoardLinkEvent>(
  link: SerialBoardLink,
  event: E,
  accept: (p: BoardLinkEvents[E]) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<BoardLinkEvents[E]> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${event} from the link within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = link.on(event, (payload) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });

describe.skipIf(skip)('SerialBoardLink on the firmware in simavr', () => {
  it('hand-shakes, streams frames of 44 cells, and lights an LED', async () => {
    const { board, link } = await open(FIRMWARE_ELF);
    const ready = nextOf(link, 'state', (s) => s.state === 'ready');
    link.start();
    const state = await ready;
    expect(state.state === 'ready' && state.hello).toMatchObject({ wellCells: 42, pivotCells: 2, ledCount: 42 });
    const frame = await nextOf(link, 'frame');
    expect(frame.cells).toHaveLength(44);
    expect(frame.stale).toEqual([]);

    const leds = board.next('leds', (e) => e.bytes[3 * 7 + 0] === 0xff);
    const done = await link.command({ type: 'led', well: 7, rgb: 0x00ff00 });
    expect(done.ok).toBe(true);
    expect(Array.from((await leds).bytes.slice(21, 24))).toEqual([0xff, 0x00, 0x00]);
  });

  it('sees a reset mid-stream as a reboot of the same board (new boot id) and streams again', { timeout: 60_000 }, async () => {
    const { board, link } = await open(FIRMWARE_ELF);
    const ready = nextOf(link, 'state', (s) => s.state === 'ready');
    link.start();
    await ready;
    await nextOf(link, 'frame');
    // A reset may cut the line being sent and glue the boot HELLO to its torn start: the
    // link drops that line and, frames having stopped, asks for the HELLO (on its own
    // wall-clock timers: seconds on a busy machine).
    const reboot = nextOf(link, 'reboot', () => true, 40_000);
    board.reset();
    const notice = await reboot;
    expect(notice.boardChanged).toBe(false);
    expect(notice.bootId).not.toBe(notice.previousBootId);
    // The link re-sends RATE and START: frames come again, from the new boot.
    const frame = await nextOf(link, 'frame');
    expect(frame.cells).toHaveLength(44);
    expect(link.hello?.bootId).toBe(notice.bootId);
  });

  it('recovers through the watchdog when the main loop hangs', { timeout: 60_000 }, async () => {
    const { board, link } = await open(TEST_FIRMWARE_ELF);
    const ready = nextOf(link, 'state', (s) => s.state === 'ready');
    link.start();
    await ready;
    await nextOf(link, 'frame');
    const resetAt = board.next('reset');
    const reboot = nextOf(link, 'reboot', () => true, 40_000);
    const hungAt = await board.nowUs();
    board.hang();
    const reset = await resetAt;
    // The watchdog's 250 ms (its oscillator's nominal period, as simavr models it).
    expect(reset.us - hungAt).toBeGreaterThan(200_000);
    expect(reset.us - hungAt).toBeLessThan(400_000);
    expect((await reboot).boardChanged).toBe(false);
    expect((await nextOf(link, 'frame')).cells).toHaveLength(44);
  });
});
