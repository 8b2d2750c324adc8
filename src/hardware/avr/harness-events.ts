/**
 * The simavr harness's event lines (hardware/simavr/README.md), parsed into typed events.
 * Times are simulated microseconds since the chip powered up, never wall time.
 */
export type HarnessEvent =
  | { readonly type: 'pty'; readonly path: string }
  | { readonly type: 'frameOut'; readonly us: number }
  | { readonly type: 'burst'; readonly startUs: number; readonly durationUs: number }
  /** The WS2812 strip latched: its bytes as sent on the wire (green, red, blue per LED) and each LED's colour, 0xRRGGBB. */
  | { readonly type: 'leds'; readonly bytes: Uint8Array; readonly rgb: readonly number[] }
  | { readonly type: 'reset'; readonly us: number }
  | { readonly type: 'conv'; readonly us: number }
  | { readonly type: 'time'; readonly us: number }
  | { readonly type: 'stack'; readonly peakBytes: number; readonly neverUsedBytes: number; readonly heapStart: number }
  | {
      readonly type: 'hx';
      readonly conversions: number;
      readonly reads: number;
      readonly missed: number;
      readonly otherGain: number;
    }
  | { readonly type: 'pc'; readonly address: number }
  | { readonly type: 'peek'; readonly address: number; readonly value: number }
  | { readonly type: 'badCommand'; readonly command: string }
  /** A MAX7219 register write that latched on the scoring board's Uno (`--parts scoreboard`). */
  | { readonly type: 'max'; readonly chip: Max7219Chip; readonly opcode: number; readonly data: number };

/** The scoring board's chips (hardware/scoreboard/README.md): U1 = A's digits, U2 = B's, U3 = track and lamps. */
export const MAX7219_CHIPS = ['U1', 'U2', 'U3'] as const;
export type Max7219Chip = (typeof MAX7219_CHIPS)[number];
const isMax7219Chip = (s: string | undefined): s is Max7219Chip => (MAX7219_CHIPS as readonly (string | undefined)[]).includes(s);

export type HarnessEventType = HarnessEvent['type'];
export type HarnessEventOf<T extends HarnessEventType> = Extract<HarnessEvent, { type: T }>;

const numbers = (fields: readonly string[], count: number): number[] | undefined => {
  if (fields.length !== count) return undefined;
  const values = fields.map((f) => Number(f));
  return values.every((v) => Number.isFinite(v)) ? values : undefined;
};

const hexBytes = (hex: string): Uint8Array | undefined => {
  if (!/^(?:[0-9A-F]{2})*$/.test(hex)) return undefined;
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
};

/** A WS2812 strip's bytes (green, red, blue per LED, as its data pin carries them) as 0xRRGGBB per LED. */
const stripColours = (grb: Uint8Array): number[] =>
  Array.from({ length: Math.floor(grb.length / 3) }, (_, i) => (grb[3 * i + 1]! << 16) | (grb[3 * i]! << 8) | grb[3 * i + 2]!);

/** One event line; undefined for a line this version does not know (ignored, never thrown). */
export function parseHarnessEvent(line: string): HarnessEvent | undefined {
  const [name, ...fields] = line.trim().split(' ');
  switch (name) {
    case 'PTY':
      return fields.length === 1 && fields[0] ? { type: 'pty', path: fields[0] } : undefined;
    case 'FRAMEOUT':
    case 'RESET':
    case 'CONV':
    case 'TIME': {
      const n = numbers(fields, 1);
      if (!n) return undefined;
      const us = n[0] as number;
      return name === 'FRAMEOUT'
        ? { type: 'frameOut', us }
        : name === 'RESET'
          ? { type: 'reset', us }
          : name === 'CONV'
            ? { type: 'conv', us }
            : { type: 'time', us };
    }
    case 'BURST': {
      const n = numbers(fields, 2);
      return n ? { type: 'burst', startUs: n[0] as number, durationUs: n[1] as number } : undefined;
    }
    case 'LEDS': {
      const bytes = hexBytes(fields[0] ?? '');
      return bytes ? { type: 'leds', bytes, rgb: stripColours(bytes) } : undefined;
    }
    case 'STACK': {
      const n = numbers(fields, 3);
      return n ? { type: 'stack', peakBytes: n[0] as number, neverUsedBytes: n[1] as number, heapStart: n[2] as number } : undefined;
    }
    case 'HX': {
      const n = numbers(fields, 4);
      return n
        ? { type: 'hx', conversions: n[0] as number, reads: n[1] as number, missed: n[2] as number, otherGain: n[3] as number }
        : undefined;
    }
    case 'PC': {
      const address = parseInt(fields[0] ?? '', 16);
      return Number.isFinite(address) ? { type: 'pc', address } : undefined;
    }
    case 'PEEK': {
      const address = parseInt(fields[0] ?? '', 16);
      const value = parseInt(fields[1] ?? '', 16);
      return Number.isFinite(address) && Number.isFinite(value) ? { type: 'peek', address, value } : undefined;
    }
    case 'MAX': {
      const [chip, ...rest] = fields;
      const n = numbers(rest, 2);
      return isMax7219Chip(chip) && n ? { type: 'max', chip, opcode: n[0] as number, data: n[1] as number } : undefined;
    }
    case 'BADCOMMAND':
      return { type: 'badCommand', command: fields.join(' ') };
    default:
      return undefined;
  }
}
