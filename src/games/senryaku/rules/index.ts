/** The Senryaku rules core: pure, no I/O, no clock, no randomness. */
export * from './types.ts';
export * from './profile.ts';
export * from './balance.ts';
export * from './position.ts';
export * from './spn.ts';
export * from './moves.ts';
export * from './play.ts';
export * from './notation.ts';
export * from './game.ts';
export * from './perft.ts';
