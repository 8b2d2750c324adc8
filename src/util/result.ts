/** Expected failures are values, not exceptions (as in chessops' Result). */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

/** A coded error: `code` is stable for programs, `message` is for people. */
export interface CodedError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}
