/** The Breakthrough rules core (6×6) and its match: pure, no I/O, no clock, no randomness. */
export * from './types.ts';
export * from './position.ts';
export * from './moves.ts';
export * from './notation.ts';
export * from './game.ts';
export * from './perft.ts';
export * from './match.ts';
