// The fewest LED commands from what the strip shows to what is wanted.
import { describe, expect, it } from 'vitest';
import { afterLedCommand, ledCommands } from '../../../src/app/lights/led-commands.ts';
import { ledColoursOf, ledMapOf } from '../../../src/app/lights/led-map.ts';
import { REFERENCE_HARDWARE } from '../../../src/hardware/sim/cell-map.ts';
import { LIGHT_COLOURS } from '../../../src/presentation/lights/colours.ts';

const dark = (n: number): number[] => new Array<number>(n).fill(0);
const with_ = (n: number, lit: Record<number, number>): number[] => dark(n).map((rgb, i) => lit[i] ?? rgb);

describe('LED commands', () => {
  it('only what differs, one LED each', () => {
    expect(ledCommands(dark(42), with_(42, { 3: 0xff0000, 7: 0x00ff00 }))).toEqual([
      { type: 'led', well: 3, rgb: 0xff0000 },
      { type: 'led', well: 7, rgb: 0x00ff00 },
    ]);
    expect(ledCommands(with_(42, { 3: 0xff0000 }), with_(42, { 3: 0xff0000 }))).toEqual([]);
  });

  it('LEDALL where cheaper: every well one colour; LEDCLR to put out many', () => {
    expect(ledCommands(dark(42), new Array<number>(42).fill(0xff0000))).toEqual([{ type: 'ledall', rgb: 0xff0000 }]);
    const manyLit = new Array<number>(42).fill(0x00ff00);
    expect(ledCommands(manyLit, with_(42, { 5: 0x0000ff }))).toEqual([{ type: 'ledclr' }, { type: 'led', well: 5, rgb: 0x0000ff }]);
    // Most wells one colour, two others: the fill and two LEDs.
    const mostly = new Array<number>(42).fill(0x00ff00);
    mostly[0] = 0;
    mostly[1] = 0x0000ff;
    expect(ledCommands(dark(42), mostly)).toEqual([
      { type: 'ledall', rgb: 0x00ff00 },
      { type: 'led', well: 0, rgb: 0 },
      { type: 'led', well: 1, rgb: 0x0000ff },
    ]);
  });

  it('when the strip is not known, the whole picture from a fill', () => {
    expect(ledCommands(undefined, dark(42))).toEqual([{ type: 'ledclr' }]);
    expect(ledCommands(undefined, with_(42, { 9: 0x123456 }))).toEqual([{ type: 'ledclr' }, { type: 'led', well: 9, rgb: 0x123456 }]);
  });

  it('what the strip shows after each command', () => {
    expect(afterLedCommand(dark(3), { type: 'led', well: 1, rgb: 5 })).toEqual([0, 5, 0]);
    expect(afterLedCommand([1, 2, 3], { type: 'ledall', rgb: 9 })).toEqual([9, 9, 9]);
    expect(afterLedCommand([1, 2, 3], { type: 'ledclr' })).toEqual([0, 0, 0]);
  });
});

describe('wells to LEDs: the LED index is the well cell index of the board', () => {
  it('the reference board: cell i under well i', () => {
    const map = ledMapOf(REFERENCE_HARDWARE, 42);
    expect([map.ledOf('a1'), map.ledOf('g1'), map.ledOf('a2'), map.ledOf('g6'), map.ledOf('h1'), map.ledOf('a7')]).toEqual([
      0,
      6,
      7,
      41,
      undefined,
      undefined,
    ]);
    expect(map.wellLeds).toHaveLength(42);
  });

  it('a board wired in another order, with fewer LEDs than wells', () => {
    const grid = { files: 2, ranks: 2 };
    const hw = { ...REFERENCE_HARDWARE, grid, cells: { points: [3, 2, 1, 0], pivots: [] }, ledCount: 3 };
    const map = ledMapOf(hw, 3);
    expect([map.ledOf('b2'), map.ledOf('a2'), map.ledOf('b1'), map.ledOf('a1')]).toEqual([0, 1, 2, undefined]);
    expect(ledColoursOf({ all: 'crash', wells: new Map([['a2', 'lift']]) }, map)).toEqual([
      LIGHT_COLOURS.crash,
      LIGHT_COLOURS.lift,
      LIGHT_COLOURS.crash,
    ]);
  });
});
