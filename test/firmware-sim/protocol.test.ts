// The real firmware in simavr, through its pty, below the link: the boot HELLO and the
// handshake, START and frames, LED commands seen on the WS2812 pin, NAK and ERR for bad
// commands, tilt debounce, and the board id kept in EEPROM across a reset.
// Runs on simulated time (--fast); every wait is on a line or a harness event.
import { describe, expect, it } from 'vitest';
import { FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { FIRMWARE_ELF, useFirmwareSim } from './artifacts.ts';
import { RawPort } from './raw-port.ts';

const { skip, cleanups } = useFirmwareSim();

const startBoard = async (): Promise<{ board: FirmwareBoard; port: RawPort }> => {
  const started = await FirmwareBoard.start({ elf: FIRMWARE_ELF, fast: true });
  if (!started.ok) throw new Error(started.error.message);
  const board = started.value;
  cleanups.push(() => board.stop());
  const port = await RawPort.open(board.ptyPath);
  cleanups.push(() => port.close());
  await port.handshake();
  return { board, port };
};

// A reset cuts the line being sent: the boot HELLO may follow a torn line's first bytes.
const helloOf = (line: string): string => line.slice(line.indexOf('HELLO '));
const isHello = (line: string): boolean => line.includes('HELLO ');
const bootIdOf = (line: string): string => helloOf(line).split(' ')[5] ?? '';
const boardIdOf = (line: string): string => helloOf(line).split(' ')[4] ?? '';

describe.skipIf(skip)('the firmware in simavr, on its pty', () => {
  it('says HELLO (protocol 1, 42 wells + 2 pivots, both tilt switches, 42 LEDs), streams frames on START and stops on STOP', async () => {
    const { port } = await startBoard();
    const helloSeq = port.command('HELLO');
    // The boot HELLO (seq 0000) may come first; the asked one follows its ACK.
    await port.waitLine((l) => l.startsWith('ACK ') && l.includes(` ${helloSeq.toString(16).toUpperCase().padStart(4, '0')}*`));
    const hello = await port.waitLine((l) => isHello(l) && !l.startsWith('HELLO 0000 '));
    // HELLO seq proto fw board boot wells pivots rate tilts leds
    const [, , proto, , , , wells, pivots, rate, tilts, leds] = hello.split('*')[0]?.split(' ') ?? [];
    expect({ proto, wells, pivots, rate, tilts, leds }).toEqual({
      proto: '1',
      wells: '42',
      pivots: '2',
      rate: '80',
      tilts: 'WB',
      leds: '42',
    });

    const from = port.lines.length;
    port.command('START');
    await port.waitLine((l) => l.startsWith('FRAME '), from);
    const frame = port.lines.slice(from).find((l) => l.startsWith('FRAME ')) ?? '';
    // FRAME seq ms tilt stale cells: 44 cells of 4 base64 characters, all fresh, board level.
    const [, , , tilt, stale, cells] = frame.split('*')[0]?.split(' ') ?? [];
    expect(tilt).toBe('--');
    expect(cells).toHaveLength(176);
    expect(stale).toMatch(/^[0-9A-F]{11}$/);

    const stopSeq = port.command('STOP');
    const ack = await port.waitLine((l) => l.startsWith('ACK ') && l.includes(stopSeq.toString(16).toUpperCase()));
    expect(ack).toBeTruthy();
  });

  it('answers a command with a bad argument with NAK, a damaged one with ERR BADCRC, an unknown one with NAK UNKNOWN', async () => {
    const { port } = await startBoard();
    const badRate = port.command('RATE', '33');
    const hex = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0');
    expect(await port.waitLine((l) => l.startsWith(`NAK `) && l.includes(` ${hex(badRate)} `))).toMatch(/ BADARG\*/);
    const unknown = port.command('JUMP');
    expect(await port.waitLine((l) => l.startsWith(`NAK `) && l.includes(` ${hex(unknown)} `))).toMatch(/ UNKNOWN\*/);
    port.writeRaw('PING 0042*0000\r\n');
    expect(await port.waitLine((l) => l.startsWith('ERR '))).toMatch(/^ERR [0-9A-F]{4} BADCRC /);
  });

  it("shows an LED command on the WS2812 pin: the well's three bytes in GRB order", async () => {
    const { board, port } = await startBoard();
    const leds = board.next('leds', (e) => e.bytes.some((b) => b !== 0));
    port.command('LED', '5', 'FF8000');
    const seen = await leds;
    expect(seen.bytes).toHaveLength(42 * 3);
    expect(Array.from(seen.bytes.slice(15, 18))).toEqual([0x80, 0xff, 0x00]);
    expect(seen.bytes.filter((b) => b !== 0)).toHaveLength(2);
  });

  it('debounces a bouncing tilt switch into one TILT line, and the frames carry the new state', async () => {
    const { board, port } = await startBoard();
    port.command('START');
    await port.waitLine((l) => l.startsWith('FRAME '));
    const from = port.lines.length;
    board.setTilt('white', true, 6);
    await port.waitLine((l) => l.startsWith('FRAME ') && l.split(' ')[3] === 'W-', from);
    // 200 ms of simulated time later there is still exactly one TILT line.
    const t = await board.nowUs();
    await board.untilUs(t + 200_000);
    const tilts = port.lines.slice(from).filter((l) => l.startsWith('TILT '));
    expect(tilts).toHaveLength(1);
    expect(tilts[0]).toMatch(/^TILT [0-9A-F]{4} [0-9A-F]{8} W-\*/);
  });

  it('keeps the board id in EEPROM across a reset, with a new boot id; SETID survives a reset too', async () => {
    const { board, port } = await startBoard();
    port.command('HELLO');
    const first = await port.waitLine((l) => l.startsWith('HELLO ') && !l.startsWith('HELLO 0000 '));
    let from = port.lines.length;
    board.reset();
    const second = await port.waitLine((l) => l.includes('HELLO 0000 '), from);
    expect(boardIdOf(second)).toBe(boardIdOf(first));
    expect(bootIdOf(second)).not.toBe(bootIdOf(first));
    expect(helloOf(second).split(' ')[1]).toBe('0000');

    from = port.lines.length;
    const setId = port.command('SETID', '0000BEEF');
    await port.waitLine((l) => l.startsWith('ACK ') && l.includes(` ${setId.toString(16).toUpperCase().padStart(4, '0')}*`), from);
    from = port.lines.length;
    board.reset();
    expect(boardIdOf(await port.waitLine((l) => l.includes('HELLO 0000 '), from))).toBe('0000BEEF');
  });
});
