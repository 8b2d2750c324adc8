/** The Surakarta rules core: pure, no I/O, no clock, no randomness. */
export * from './types.ts';
export * from './circuits.ts';
export * from './position.ts';
export * from './position-notation.ts';
export * from './moves.ts';
export * from './notation.ts';
export * from './play.ts';
export * from './game.ts';
export * from './perft.ts';
export * from './listing.ts';
export * from './match.ts';
