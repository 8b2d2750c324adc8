// The sim board answers the host exactly as PROTOCOL.md says a board does.
import { describe, expect, it } from 'vitest';
import { crc16, sealLine, seqGap, type Frame } from '../../../src/protocol/index.ts';
import { attachHost, bootedBoardWithHost, startedBoard } from './helpers.ts';

describe('sim firmware: boot', () => {
  it('sends HELLO 0000 at boot: 42 wells, 2 pivots, rate 80, both tilts, 42 LEDs, a fixed board id per seed', () => {
    const { board, host } = bootedBoardWithHost({ seed: 3 });
    const [hello] = host.of('hello');
    expect(hello).toMatchObject({
      seq: 0,
      wellCells: 42,
      pivotCells: 2,
      sampleRateHz: 80,
      tiltFitted: { white: true, black: true },
      ledCount: 42,
    });
    expect(hello?.boardId).toBe(board.boardId);
    expect(bootedBoardWithHost({ seed: 3 }).board.boardId).toBe(board.boardId);
    expect(bootedBoardWithHost({ seed: 4 }).board.boardId).not.toBe(board.boardId);
    expect(host.of('frame')).toHaveLength(0); // not streaming after boot
  });

  it('takes a configured board id and LED count', () => {
    const { host } = bootedBoardWithHost({ boardId: 0x2a, ledCount: 0 });
    expect(host.of('hello')[0]).toMatchObject({ boardId: 0x2a, ledCount: 0 });
  });

  it('a reboot (opening the port) gives a new boot id and seq 0000 again', () => {
    const board = startedBoard({ seed: 9 });
    const first = attachHost(board);
    board.advance(150);
    first.link.close();
    const second = attachHost(board);
    board.advance(150);
    const a = first.of('hello')[0];
    const b = second.of('hello')[0];
    expect(b?.seq).toBe(0);
    expect(b?.bootId).not.toBe(a?.bootId);
    expect(b?.boardId).toBe(a?.boardId);
  });
});

describe('sim firmware: commands', () => {
  it('PING: ACK with the command id', () => {
    const { host } = bootedBoardWithHost();
    host.send({ type: 'ping', seq: 0x1234 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 0x1234, seq: 1 });
  });

  it('HELLO: ACK, then a HELLO line', () => {
    const { host } = bootedBoardWithHost();
    host.send({ type: 'hello', seq: 7 });
    expect(host.messages.slice(-2).map((m) => m.type)).toEqual(['ack', 'hello']);
  });

  it('START: ACK, then frames at 80/s that decode with the codec; STOP: ACK and no frame after it', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 1 });
    board.advance(1000);
    const frames = host.of('frame');
    expect(frames.length).toBeGreaterThanOrEqual(78);
    expect(frames.length).toBeLessThanOrEqual(82);
    for (const f of frames) expect(f.cells).toHaveLength(44);
    const steps = frames.slice(1).map((f, i) => f.ms - (frames[i] as Frame).ms);
    for (const s of steps) expect(s === 12 || s === 13).toBe(true);
    host.send({ type: 'stop', seq: 2 });
    const stopAt = host.messages.length;
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 2 });
    board.advance(500);
    expect(host.messages.slice(stopAt).filter((m) => m.type === 'frame')).toHaveLength(0);
  });

  it('sequence numbers count every line by one', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(300);
    host.send({ type: 'ping', seq: 2 });
    board.advance(300);
    host.messages.forEach((m, i) => expect(m.seq).toBe(i));
  });

  it('RATE 40: ACK, frames 25 ms apart; RATE 30: NAK BADARG', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'rate', seq: 3, hz: 40 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 3 });
    host.send({ type: 'start', seq: 4 });
    board.advance(1000);
    const frames = host.of('frame');
    expect(frames.length).toBeGreaterThanOrEqual(38);
    expect(frames.length).toBeLessThanOrEqual(41);
    const steps = frames.slice(1).map((f, i) => f.ms - (frames[i] as Frame).ms);
    for (const s of steps) expect(Math.abs(s - 25)).toBeLessThanOrEqual(1);
    host.sendRaw(`${sealLine('RATE', 5, ['30'])}\r\n`);
    expect(host.messages.at(-1)).toMatchObject({ type: 'nak', commandId: 5, code: 'BADARG' });
  });

  it('SETID: ACK and the new id in the next HELLO, kept over a reboot; NAK EEPROM when the EEPROM fails', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'setid', seq: 8, boardId: 0xcafe0001 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 8 });
    board.reboot();
    board.advance(150);
    expect(host.of('hello').at(-1)).toMatchObject({ seq: 0, boardId: 0xcafe0001 });
    board.setEepromFailing(true);
    host.send({ type: 'setid', seq: 9, boardId: 0x12 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'nak', commandId: 9, code: 'EEPROM' });
  });

  it('LED, LEDALL, LEDCLR with LEDs fitted: ACK and the LED state; a well past the count: NAK BADARG', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'led', seq: 1, well: 41, rgb: 0xff8000 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 1 });
    expect(board.firmware.leds[41]).toBe(0xff8000);
    host.send({ type: 'led', seq: 2, well: 42, rgb: 0x00ff00 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'nak', commandId: 2, code: 'BADARG' });
    host.send({ type: 'ledall', seq: 3, rgb: 0x0000ff });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 3 });
    expect([...board.firmware.leds].every((c) => c === 0xff)).toBe(true);
    host.send({ type: 'ledclr', seq: 4 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 4 });
    expect([...board.firmware.leds].every((c) => c === 0)).toBe(true);
  });

  it('says what its LEDs show by well: LED i under well cell i', () => {
    const { board, host } = bootedBoardWithHost();
    expect(board.litWells()).toEqual({});
    host.send({ type: 'led', seq: 1, well: 0, rgb: 0x0030ff });
    host.send({ type: 'led', seq: 2, well: 41, rgb: 0xff0010 });
    host.send({ type: 'led', seq: 3, well: 7, rgb: 0x00d020 });
    expect(board.litWells()).toEqual({ a1: 0x0030ff, a2: 0x00d020, g6: 0xff0010 });
  });

  it('LED commands without LEDs: NAK NOLEDS', () => {
    const { host } = bootedBoardWithHost({ ledCount: 0 });
    host.send({ type: 'led', seq: 1, well: 0, rgb: 1 });
    host.send({ type: 'ledall', seq: 2, rgb: 1 });
    host.send({ type: 'ledclr', seq: 3 });
    expect(host.messages.slice(-3)).toMatchObject([
      { type: 'nak', commandId: 1, code: 'NOLEDS' },
      { type: 'nak', commandId: 2, code: 'NOLEDS' },
      { type: 'nak', commandId: 3, code: 'NOLEDS' },
    ]);
  });

  it('CELLRST: ACK, cells stale (value 0) while the HX711s settle, then fresh again', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(100);
    host.send({ type: 'cellrst', seq: 2 });
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 2 });
    const after = host.messages.length;
    board.advance(200);
    const frames = host.messages.slice(after).filter((m): m is Frame => m.type === 'frame');
    expect(frames[0]?.stale).toHaveLength(44);
    expect([...(frames[0]?.cells ?? [])].every((c) => c === 0)).toBe(true);
    expect(frames.at(-1)?.stale).toEqual([]);
  });

  it('unknown command: NAK UNKNOWN; wrong field count: NAK BADFIELDS', () => {
    const { host } = bootedBoardWithHost();
    host.sendRaw(`${sealLine('TARE', 0x10, [])}\r\n`);
    host.sendRaw(`${sealLine('PING', 0x11, ['1'])}\r\n`);
    expect(host.messages.slice(-2)).toMatchObject([
      { type: 'nak', commandId: 0x10, code: 'UNKNOWN' },
      { type: 'nak', commandId: 0x11, code: 'BADFIELDS' },
    ]);
  });

  it('bad envelopes: ERR <code> - (BADCRC, NOCRC, BADSEQ, BADCHAR, TOOLONG); a line may end in LF alone', () => {
    const { host } = bootedBoardWithHost();
    host.sendRaw('PING 0001*0000\r\n');
    host.sendRaw('PING 0001\r\n');
    host.sendRaw(`PING zz01*${crc16('PING zz01').toString(16).toUpperCase().padStart(4, '0')}\r\n`);
    host.sendRaw('PING\u00e9 0001*0000\r\n');
    host.sendRaw(`${'X'.repeat(70)}\r\n`);
    host.sendRaw('\r\n');
    host.sendRaw(`${sealLine('PING', 0x42, [])}\n`);
    expect(host.messages.slice(-7)).toMatchObject([
      { type: 'error', code: 'BADCRC', arg: undefined },
      { type: 'error', code: 'NOCRC', arg: undefined },
      { type: 'error', code: 'BADSEQ', arg: undefined },
      { type: 'error', code: 'BADCHAR', arg: undefined },
      { type: 'error', code: 'TOOLONG', arg: undefined },
      { type: 'error', code: 'NOCRC', arg: undefined },
      { type: 'ack', commandId: 0x42 },
    ]);
  });

  it('a command split over several writes is one command', () => {
    const { host } = bootedBoardWithHost();
    const line = `${sealLine('PING', 0x77, [])}\r\n`;
    host.sendRaw(line.slice(0, 5));
    host.sendRaw(line.slice(5));
    expect(host.messages.at(-1)).toMatchObject({ type: 'ack', commandId: 0x77 });
    expect(seqGap(0, host.messages.at(-1)?.seq ?? -1)).toBe(1);
  });
});
