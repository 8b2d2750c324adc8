/**
 * A command run to its end without blocking the test worker's event loop. A synchronous spawn
 * (spawnSync, execFileSync) of a build that takes a minute on a busy machine freezes the
 * worker: vitest's own calls from it to the main process then time out after 60 s ("Timeout
 * calling onTaskUpdate"), failing the run though every test passed.
 */
import { spawn } from 'node:child_process';

export interface CommandRun {
  /** The exit code; null when killed (by the bound) or not started (`error`). */
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Both outputs, and why it did not start or was killed: for assertion messages. */
  readonly output: string;
}

export function runCommand(
  command: string,
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: NodeJS.ProcessEnv; readonly timeoutMs?: number } = {},
): Promise<CommandRun> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let why = '';
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    const bound =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            why = `killed after ${options.timeoutMs} ms\n`;
            child.kill('SIGKILL');
          }, options.timeoutMs);
    child.on('error', (e) => (why = `${e.message}\n`));
    child.on('close', (code) => {
      if (bound) clearTimeout(bound);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      resolve({ status: code, stdout, stderr, output: `${why}${stdout}\n${stderr}` });
    });
  });
}
