/**
 * The two circuits (RULES.md, Surakarta), each laid out once as a closed track of 24 slots:
 * four lines of six points, a corner loop between one line's last point and the next
 * line's first. A crossing point (b2, c3, ...) holds two slots of its circuit, one per line,
 * so "going straight on at a crossing" is simply walking to the next slot: a track never
 * changes line or circuit except round a loop.
 *
 * Circuits are named by their loops, as RULES.md asks: the small-loop circuit runs on files
 * b, e and ranks 2, 5; the large-loop circuit on files c, d and ranks 3, 4.
 */
import { FILES, POINTS, RANKS, type Point } from './types.ts';

export const CIRCUITS = ['small-loop', 'large-loop'] as const;
export type Circuit = (typeof CIRCUITS)[number];

export const TRACK_LENGTH = 24;
/** Slots per line; a loop follows slots 5, 11, 17 and 23 of a track. */
const LINE = 6;

/** Distance of a circuit's lines from the board's edges: 1 for the small loops, 2 for the large. */
const INSET: { readonly [C in Circuit]: number } = { 'small-loop': 1, 'large-loop': 2 };

/**
 * One circuit's track: up its near file, east along its far rank, down its far file, west
 * along its near rank, and round a loop between each (e.g. small-loop: b1…b6, loop, a5…f5,
 * loop, e6…e1, loop, f2…a2, loop back to b1).
 */
function track(c: Circuit): Point[] {
  const r = INSET[c];
  const far = FILES - 1 - r;
  const points: Point[] = [];
  for (let rank = 0; rank < RANKS; rank++) points.push(r + FILES * rank);
  for (let file = 0; file < FILES; file++) points.push(file + FILES * (RANKS - 1 - r));
  for (let rank = RANKS - 1; rank >= 0; rank--) points.push(far + FILES * rank);
  for (let file = FILES - 1; file >= 0; file--) points.push(file + FILES * r);
  return points;
}

/** The points of each circuit's track in order (index 0..23). */
export const TRACKS: { readonly [C in Circuit]: readonly Point[] } = {
  'small-loop': track('small-loop'),
  'large-loop': track('large-loop'),
};

/**
 * Both tracks flattened into 48 slots (small-loop 0..23, large-loop 24..47) as typed arrays
 * for the move generator: the point of each slot, the next slot either way round, and
 * whether that step goes round a corner loop.
 */
export const SLOT_POINT = Int8Array.from([...TRACKS['small-loop'], ...TRACKS['large-loop']]);
export const SLOTS = SLOT_POINT.length;
export const NEXT_SLOT = new Int8Array(SLOTS);
export const PREV_SLOT = new Int8Array(SLOTS);
/** 1 when the step from a slot to NEXT_SLOT (resp. PREV_SLOT) goes round a loop. */
export const LOOP_TO_NEXT = new Uint8Array(SLOTS);
export const LOOP_TO_PREV = new Uint8Array(SLOTS);
for (let s = 0; s < SLOTS; s++) {
  const base = s - (s % TRACK_LENGTH);
  const i = s - base;
  NEXT_SLOT[s] = base + ((i + 1) % TRACK_LENGTH);
  PREV_SLOT[s] = base + ((i + TRACK_LENGTH - 1) % TRACK_LENGTH);
  LOOP_TO_NEXT[s] = i % LINE === LINE - 1 ? 1 : 0;
  LOOP_TO_PREV[s] = i % LINE === 0 ? 1 : 0;
}

/** The slots of each point (0 for a corner point, 1 on one line, 2 on two lines of the circuits). */
export const SLOTS_OF: readonly Int8Array[] = Array.from({ length: POINTS }, (_, p) =>
  Int8Array.from(Array.from({ length: SLOTS }, (_, s) => s).filter((s) => SLOT_POINT[s] === p)),
);
