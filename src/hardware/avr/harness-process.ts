/**
 * The simavr harness as a child process (hardware/simavr): started with its options, it
 * prints its pty path first, then event lines; a line on its stdin is a command. Shared by
 * the referee board (FirmwareBoard) and the scoring board's Uno (ScoreboardUno).
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { err, ok, type Result } from '../../util/result.ts';
import { parseHarnessEvent } from './harness-events.ts';
import { DEFAULT_HARNESS_PATH } from './paths.ts';

export const FIRMWARE_BOARD_ERROR_CODES = ['HarnessMissing', 'HarnessFailed', 'Timeout'] as const;
export type FirmwareBoardErrorCode = (typeof FIRMWARE_BOARD_ERROR_CODES)[number];
export interface FirmwareBoardError {
  readonly code: FirmwareBoardErrorCode;
  readonly message: string;
}

export type HarnessChild = ChildProcessByStdio<Writable, Readable, Readable>;

export interface StartedHarness {
  readonly child: HarnessChild;
  /** The harness's stdout, line by line, after the pty line. */
  readonly lines: Interface;
  readonly ptyPath: string;
  /** What it wrote on stderr so far. */
  readonly stderr: string;
}

/** Starts the harness with `args` and waits for its pty (at most `timeoutMs`, a hang bound sized for a busy machine). */
export async function startHarness(
  args: readonly string[],
  harnessPath: string = DEFAULT_HARNESS_PATH,
  timeoutMs = 30_000,
): Promise<Result<StartedHarness, FirmwareBoardError>> {
  const child = spawn(harnessPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  const onStderr = (chunk: Buffer) => stderr.push(chunk.toString());
  child.stderr.on('data', onStderr);
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<Result<string, FirmwareBoardError>>((resolve) => {
    const timer = setTimeout(() => resolve(err({ code: 'Timeout', message: 'the simavr harness printed no pty' })), timeoutMs);
    child.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const missing = e.code === 'ENOENT';
      resolve(
        err({
          code: missing ? 'HarnessMissing' : 'HarnessFailed',
          message: missing ? `no simavr harness at ${harnessPath}: run npm run firmware:sim:build` : e.message,
        }),
      );
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(err({ code: 'HarnessFailed', message: `the simavr harness exited (${String(code)}): ${stderr.join('').trim()}` }));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const e = parseHarnessEvent(line);
      resolve(e?.type === 'pty' ? ok(e.path) : err({ code: 'HarnessFailed', message: `unexpected first line '${line}'` }));
    });
  });
  child.stderr.off('data', onStderr);
  if (!first.ok) {
    child.kill();
    return first;
  }
  return ok({ child, lines, ptyPath: first.value, stderr: stderr.join('') });
}

/** Asks the harness to quit (QUIT, then stdin ended); killed if it has not gone within 2 s. */
export async function stopHarness(child: HarnessChild): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.stdin.writable) {
    child.stdin.write('QUIT\n');
    child.stdin.end();
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
  await exited;
  clearTimeout(timer);
}
