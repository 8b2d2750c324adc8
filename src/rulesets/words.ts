/**
 * What a game calls its pieces and the places they stand on, for everything said to people
 * (restore steps, the guided calibration): Senryaku's spheres in wells, Surakarta's pieces
 * on points. Plain data, so the dashboard's page can carry it without the rules.
 */
export interface GameWords {
  readonly piece: string;
  readonly pieces: string;
  readonly cell: string;
  readonly cells: string;
}

export const SENRYAKU_WORDS: GameWords = { piece: 'sphere', pieces: 'spheres', cell: 'well', cells: 'wells' };
export const SURAKARTA_WORDS: GameWords = { piece: 'piece', pieces: 'pieces', cell: 'point', cells: 'points' };
