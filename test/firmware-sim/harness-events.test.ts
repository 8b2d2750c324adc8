// The harness's event lines parse into typed events; an unknown line is ignored, not thrown.
import { describe, expect, it } from 'vitest';
import { parseHarnessEvent } from '../../src/hardware/avr/index.ts';

describe('parseHarnessEvent', () => {
  it('reads every event the harness writes', () => {
    expect(parseHarnessEvent('PTY /dev/pts/3')).toEqual({ type: 'pty', path: '/dev/pts/3' });
    expect(parseHarnessEvent('FRAMEOUT 1250000')).toEqual({ type: 'frameOut', us: 1_250_000 });
    expect(parseHarnessEvent('BURST 275145 89')).toEqual({ type: 'burst', startUs: 275_145, durationUs: 89 });
    // Green, red, blue on the wire: one LED of red 0xFF, green 0x00, blue 0x80.
    expect(parseHarnessEvent('LEDS 00FF80')).toEqual({ type: 'leds', bytes: Uint8Array.from([0x00, 0xff, 0x80]), rgb: [0xff0080] });
    expect(parseHarnessEvent('LEDS 102030405060')).toMatchObject({ rgb: [0x201030, 0x504060] });
    expect(parseHarnessEvent('RESET 13676708')).toEqual({ type: 'reset', us: 13_676_708 });
    expect(parseHarnessEvent('CONV 12500')).toEqual({ type: 'conv', us: 12_500 });
    expect(parseHarnessEvent('TIME 7')).toEqual({ type: 'time', us: 7 });
    expect(parseHarnessEvent('STACK 134 6448 2122')).toEqual({ type: 'stack', peakBytes: 134, neverUsedBytes: 6448, heapStart: 2122 });
    expect(parseHarnessEvent('HX 4807 4807 0 0')).toEqual({ type: 'hx', conversions: 4807, reads: 4807, missed: 0, otherGain: 0 });
    expect(parseHarnessEvent('PC 0x1c9c')).toEqual({ type: 'pc', address: 0x1c9c });
    expect(parseHarnessEvent('PEEK 0x2c 0x30')).toEqual({ type: 'peek', address: 0x2c, value: 0x30 });
    expect(parseHarnessEvent('MAX U3 3 64')).toEqual({ type: 'max', chip: 'U3', opcode: 3, data: 0x40 });
    expect(parseHarnessEvent('BADCOMMAND JUMP')).toEqual({ type: 'badCommand', command: 'JUMP' });
  });

  it('ignores what it does not know or cannot read', () => {
    expect(parseHarnessEvent('HELLO there')).toBeUndefined();
    expect(parseHarnessEvent('TIME soon')).toBeUndefined();
    expect(parseHarnessEvent('LEDS 0G')).toBeUndefined();
    expect(parseHarnessEvent('STACK 1 2')).toBeUndefined();
    expect(parseHarnessEvent('MAX U4 1 0')).toBeUndefined();
    expect(parseHarnessEvent('MAX U1 1')).toBeUndefined();
    expect(parseHarnessEvent('')).toBeUndefined();
  });
});
