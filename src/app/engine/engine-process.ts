/**
 * An engine program as the client drives it: lines in, lines out, and its end. The real one is
 * a child process on pipes (no shell); the client's tests hand it a scripted one.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface EngineProcessEvents {
  /** One line the program wrote on its standard output. */
  onLine(line: string): void;
  /** The program ended or could not start, said once, after its last line: why, in words. */
  onExit(why: string): void;
}

export interface EngineProcess {
  /** Writes one line to the program; a program that has gone takes nothing, and its end is said by `onExit`. */
  write(line: string): void;
  /** Ends it at once (SIGKILL). */
  kill(): void;
}

export type SpawnEngine = (argv: readonly string[], events: EngineProcessEvents) => EngineProcess;

/** How much of the program's standard error is kept for its end's message. */
const STDERR_TAIL = 2000;

/**
 * The line of a program's standard error that says why it ended: the last that reads like an
 * error (a runtime's error comes before its stack and its version footer), else the last.
 */
function lastWords(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.findLast((l) => /error|fatal|panic|cannot|can't|failed|not found|denied/i.test(l)) ?? lines.at(-1);
}

export const spawnEngine: SpawnEngine = (argv, events) => {
  const [program, ...args] = argv;
  const child = spawn(program!, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let spawnError: string | undefined;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => (stderr = (stderr + text).slice(-STDERR_TAIL)));
  // A program that is gone makes writes fail (EPIPE): its end is what matters, and 'close' says it.
  child.stdin.on('error', () => {});
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => events.onLine(line));
  child.on('error', (e) => (spawnError = e.message));
  // 'close' comes after the program's last output line was read, and also after a failed spawn.
  child.on('close', (code, signal) => {
    const how =
      spawnError !== undefined
        ? `it could not start (${spawnError})`
        : signal
          ? `it was killed (${signal})`
          : `it exited with code ${code}`;
    const last = lastWords(stderr);
    events.onExit(last ? `${how}; its last words: ${last}` : how);
  });
  return {
    write: (line) => {
      if (child.stdin.writable) child.stdin.write(`${line}\n`);
    },
    kill: () => {
      child.kill('SIGKILL');
    },
  };
};
