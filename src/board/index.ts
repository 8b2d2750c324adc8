/** The board's hardware, apart from any game: its grid and its hardware profile. Pure. */
export * from './grid.ts';
export * from './profile.ts';
export * from './parse-profile.ts';
