/**
 * What a lit well means, and its colour: one place, so the board's LEDs, the dashboard and
 * the tests speak of the same lights. The colours are the WS2812's 0xRRGGBB, kept well below
 * full brightness (a well lit at full white dazzles a player a forearm's length away) and
 * apart in hue, so that no two meanings are told apart by brightness alone.
 */

export const LIGHT_ROLES = [
  /** A piece must be set here (put back, moved back to, or set up). */
  'restore',
  /** A piece must be taken away from here. */
  'remove',
  /** The piece to lift (a suggested move, a touched piece) or the one in hand. */
  'lift',
  /** Where the piece in hand (or a suggested move) may go. */
  'destination',
  /** A piece a suggested move captures. */
  'capture',
  /** The wells of the last move. */
  'last-move',
  /** The board crashed: every well flashes. */
  'crash',
  /** A hand held the board past the grace: every well flashes. */
  'holding',
] as const;
export type LightRole = (typeof LIGHT_ROLES)[number];

export const LIGHT_COLOURS: { readonly [R in LightRole]: number } = {
  restore: 0x0030ff,
  remove: 0xff0010,
  lift: 0xffa000,
  destination: 0x00d020,
  capture: 0xc000ff,
  'last-move': 0x505050,
  crash: 0xff0000,
  holding: 0xff6000,
};
