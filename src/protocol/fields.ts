/**
 * Field syntax shared by every message (PROTOCOL.md section 2, "Field syntax"). Each
 * value has exactly one spelling (uppercase hex, decimals without leading zeros) so that
 * formatting a parsed line gives back the same bytes.
 */
const HEX_DIGITS = /^[0-9A-F]+$/;
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** Exactly `digits` uppercase hex digits, else undefined. */
export const parseHex = (s: string, digits: number): number | undefined =>
  s.length === digits && HEX_DIGITS.test(s) ? parseInt(s, 16) : undefined;

export const formatHex = (value: number, digits: number): string => value.toString(16).toUpperCase().padStart(digits, '0');

/** Canonical decimal 0..max, else undefined. */
export const parseDecimal = (s: string, max: number): number | undefined => {
  if (s.length > 10 || !DECIMAL.test(s)) return undefined;
  const value = Number(s);
  return value <= max ? value : undefined;
};

export const parseSeq = (s: string): number | undefined => parseHex(s, 4);
export const formatSeq = (seq: number): string => formatHex(seq, 4);
export const parseUint32 = (s: string): number | undefined => parseHex(s, 8);
export const formatUint32 = (value: number): string => formatHex(value, 8);
export const parseRgb = (s: string): number | undefined => parseHex(s, 6);
export const formatRgb = (rgb: number): string => formatHex(rgb, 6);

/**
 * The two tilt switches, named by the side of the board they close toward (the wire names
 * them W and B). The protocol owns these names so that sensing and the simulator need no
 * game's rules to speak of them; a game maps them onto its own sides.
 */
export const TILT_SIDES = ['white', 'black'] as const;
export type TiltSide = (typeof TILT_SIDES)[number];
export type BySide<T> = { [S in TiltSide]: T };

/**
 * Tilt switches by the side the board tips toward: `true` = that switch is closed (in a
 * frame) or fitted (in HELLO). Wire token: `W` or `-`, then `B` or `-`.
 */
export type Tilt = Readonly<BySide<boolean>>;

export const parseTilt = (s: string): Tilt | undefined => {
  if (s.length !== 2) return undefined;
  const w = s[0];
  const b = s[1];
  if ((w !== 'W' && w !== '-') || (b !== 'B' && b !== '-')) return undefined;
  return { white: w === 'W', black: b === 'B' };
};

export const formatTilt = (tilt: Tilt): string => (tilt.white ? 'W' : '-') + (tilt.black ? 'B' : '-');

/** Frame rates a board accepts and announces (frames/s). */
export const SAMPLE_RATES = [10, 20, 40, 80] as const;
export type SampleRate = (typeof SAMPLE_RATES)[number];
/** The rate a board boots with and the host asks for: its HX711s' own 80 samples/s. */
export const DEFAULT_SAMPLE_RATE: SampleRate = 80;

export const parseSampleRate = (s: string): SampleRate | undefined => {
  const hz = parseDecimal(s, 80);
  return SAMPLE_RATES.find((r) => r === hz);
};

export const isUint = (value: number, max: number): boolean => Number.isInteger(value) && value >= 0 && value <= max;
