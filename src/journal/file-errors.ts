/** What the journal file and its disk layer say when the disk fails them (apart, so the two need not import each other). */
export type JournalFileErrorCode = 'Exists' | 'NotFound' | 'NotADirectory' | 'Permission' | 'Unreadable' | 'Corrupt' | 'Io';
/** `message` is one line naming the path and the OS code (ENOSPC, EACCES, ...). */
export interface JournalFileError {
  readonly code: JournalFileErrorCode;
  readonly message: string;
}
/** Where the partial data starts, and how many bytes it has. */
export interface TornTail {
  readonly offset: number;
  readonly bytes: number;
}
/** Where the partial bytes were moved. */
export interface RepairedTail extends TornTail {
  readonly asidePath: string;
}
