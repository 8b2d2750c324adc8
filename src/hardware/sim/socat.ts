/**
 * Running socat for a pseudo-terminal pair (SimPty, FaultProxy): spawn it with `-d -d`,
 * wait until its log says it is ready, and keep draining its log so it never blocks on a
 * full pipe. socat is a Debian package (`apt-get install socat`); a missing socat is a
 * `SocatMissing` error, not a crash.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { err, ok, type Result } from '../../util/result.ts';

export const SOCAT_ERROR_CODES = ['SocatMissing', 'SocatFailed', 'SocatTimeout'] as const;
export type SocatErrorCode = (typeof SOCAT_ERROR_CODES)[number];
export interface SocatError {
  readonly code: SocatErrorCode;
  readonly message: string;
}

export interface SocatOptions {
  /** socat's executable (default `socat` on the PATH). */
  readonly socatPath?: string;
  /** How long socat may take to be ready, ms (default 5000). */
  readonly startTimeoutMs?: number;
  /** Ready once the log so far satisfies this. */
  readonly ready: (log: string) => boolean;
  /** Every log line, before and after ready (socat -d -d writes one per event). */
  readonly onLogLine?: (line: string) => void;
}

export interface SocatProcess {
  readonly child: ChildProcess;
  /** Resolves once socat has exited (by itself or by stop()). */
  readonly exited: Promise<void>;
  /** Ends socat (SIGTERM) and waits for it. Safe to call twice. */
  stop(): Promise<void>;
}

const failed = (code: SocatErrorCode, message: string): Result<never, SocatError> => err({ code, message });

/** Runs `socat -d -d ...args` and resolves once `ready` holds for its log (or with why not). */
export function startSocat(args: readonly string[], options: SocatOptions): Promise<Result<SocatProcess, SocatError>> {
  const socatPath = options.socatPath ?? 'socat';
  const timeoutMs = options.startTimeoutMs ?? 5000;
  const child = spawn(socatPath, ['-d', '-d', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let exited: Promise<void> = new Promise((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    let log = '';
    let partial = '';
    let settled = false;
    const finish = (result: Result<SocatProcess, SocatError>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.removeListener('exit', onExit);
      child.removeListener('error', onError);
      resolve(result);
    };
    const onLog = (chunk: Buffer): void => {
      const text = chunk.toString();
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLogLine?.(line);
      if (settled) return;
      log += text;
      if (options.ready(log)) finish(ok({ child, exited, stop }));
    };
    const onExit = (code: number | null): void =>
      finish(failed('SocatFailed', `socat exited (${code ?? 'signal'}) before it was ready: ${log.trim().split('\n').pop() ?? ''}`));
    const onError = (e: NodeJS.ErrnoException): void => {
      exited = Promise.resolve();
      finish(
        e.code === 'ENOENT'
          ? failed('SocatMissing', `socat not found (${socatPath}): install it, e.g. apt-get install socat`)
          : failed('SocatFailed', `cannot run socat: ${e.message}`),
      );
    };
    const timer = setTimeout(() => {
      finish(failed('SocatTimeout', `socat was not ready within ${timeoutMs} ms`));
      void stop();
    }, timeoutMs);
    child.stderr?.on('data', onLog); // stays on after ready: the log keeps draining
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

/** How many ptys socat has made so far: `-d -d` logs "PTY is /dev/pts/N" for each. */
export const ptysMade = (log: string): number => log.split(' PTY is ').length - 1;

/** socat names a pty before it makes its link: waits (up to `maxMs`) until every link exists. */
export async function linksMade(paths: readonly string[], maxMs = 1000): Promise<boolean> {
  for (let waited = 0; !paths.every((p) => existsSync(p)); waited += 10) {
    if (waited >= maxMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
