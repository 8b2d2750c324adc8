import type { TextOutput } from '../app/text-output.ts';

/** What a CLI command may touch, so tests can run commands in process. */
export type CliIo = TextOutput;

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Bad input from the user: one clear line on stderr and exit code 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
