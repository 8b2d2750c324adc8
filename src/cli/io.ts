import type { TextOutput } from '../util/text-output.ts';
import type { SerialDevices } from '../hardware/link/port-check.ts';

/** What a CLI command may touch, so tests can run commands in process. */
export type CliIo = TextOutput;

/** What `main` hands every command besides its io: stand-ins for the machine, for tests. */
export interface CliDeps {
  /** The serial port lister and device probe of the check before a port is opened (the real ones by default). */
  readonly serialDevices?: Partial<SerialDevices>;
  /** Where `senryaku referee` reads operator commands (`agree`, `attribute SIDE|none`) line by line; default standard input when it is a terminal. */
  readonly operatorInput?: NodeJS.ReadableStream;
  /** Where a command reads what it is piped (`senryaku config hash-password`); default standard input. */
  readonly input?: NodeJS.ReadableStream;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Bad input from the user: one clear line on stderr and exit code 2, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A runtime failure (no board, a missing device, a link that failed): one clear line on stderr and exit code 1. */
export class CliFailure extends Error {
  override readonly name = 'CliFailure';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A message as one line: a multi-line text (a JSON parser's excerpt, say) would break the one-line promise. */
export const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
