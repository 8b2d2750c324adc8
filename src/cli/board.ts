/**
 * A command's way to a board: src/app/open-board.ts with its problems turned into the
 * CLI's promise. A bad option, profile or a path that is no serial device is bad input
 * (exit 2); a missing device, no permission, or no board for `--port auto` is a runtime
 * failure (exit 1). Nothing is open when either is thrown. The serial stack and the simulator
 * are loaded only to open a board, once the options have been checked.
 */
import type { OpenBoardErrorCode } from '../app/board-check.ts';
import type { BoardOptionValues } from '../app/board-options.ts';
import type { OpenBoardExtras, OpenedBoard } from '../app/open-board.ts';
import { CliFailure, UsageError, type CliDeps } from './io.ts';

export function boardProblem(error: { readonly code: OpenBoardErrorCode; readonly message: string }): Error {
  return error.code === 'BadOption' || error.code === 'NotADevice' ? new UsageError(error.message) : new CliFailure(error.message);
}

export async function openBoardFor(values: BoardOptionValues, deps: CliDeps, extras: OpenBoardExtras = {}): Promise<OpenedBoard> {
  const { openBoard } = await import('../app/open-board.ts');
  const opened = await openBoard(values, { ...extras, ...(deps.serialDevices ? { devices: deps.serialDevices } : {}) });
  if (!opened.ok) throw boardProblem(opened.error);
  return opened.value;
}
