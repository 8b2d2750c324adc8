/**
 * Checks, before any board is opened, that the directories and files a command will use
 * can be used: a directory given where a file is, a parent that is a file, no permission.
 * Nothing is created here; a directory that does not exist yet is fine when the nearest
 * existing parent can be written. Each problem is one usage error naming the path.
 */
import { accessSync, constants, statSync, statfsSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './io.ts';

const codeOf = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

function statOrCode(path: string): Stats | string {
  try {
    return statSync(path);
  } catch (e) {
    return codeOf(e);
  }
}

/** undefined when `mode` access is allowed, else the error code. */
function denied(path: string, mode: number): string | undefined {
  try {
    accessSync(path, mode);
    return undefined;
  } catch (e) {
    return codeOf(e);
  }
}

/**
 * The kernel's own file systems (statfs magic numbers): nothing can be made in them, yet
 * write access to their directories is granted, so only their type tells.
 */
const KERNEL_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x1cd1, 'devpts'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
]);

function kernelFileSystem(dir: string): string | undefined {
  try {
    return KERNEL_FILE_SYSTEMS.get(statfsSync(dir).type);
  } catch {
    return undefined;
  }
}

/** The problem with creating `path` (which does not exist) inside its nearest existing parent, if any. */
function creationProblem(path: string): string | undefined {
  let parent = dirname(resolve(path));
  for (;;) {
    const s = statOrCode(parent);
    if (typeof s !== 'string') {
      if (!s.isDirectory()) return `${parent} is a file, not a directory (ENOTDIR)`;
      const kernel = kernelFileSystem(parent);
      if (kernel !== undefined) return `it cannot be created: ${parent} is in the kernel's ${kernel} file system`;
      const code = denied(parent, constants.W_OK | constants.X_OK);
      return code === undefined ? undefined : `it cannot be created: no permission to write in ${parent} (${code})`;
    }
    if (s !== 'ENOENT' && s !== 'ENOTDIR') return `it cannot be created (${s})`;
    const up = dirname(parent);
    if (up === parent) return 'it cannot be created (ENOENT)';
    parent = up;
  }
}

/**
 * `what` (e.g. "--journal-dir") names a directory the command reads (`'read'`) or also
 * writes (`'write'`); throws a UsageError naming the path when it cannot.
 */
export function checkDirectory(path: string, what: string, use: 'read' | 'write'): void {
  const problem = directoryProblem(path, use);
  if (problem !== undefined) throw new UsageError(`${what} ${path}: ${problem}`);
}

function directoryProblem(path: string, use: 'read' | 'write'): string | undefined {
  const s = statOrCode(path);
  if (typeof s === 'string') {
    if (s !== 'ENOENT' && s !== 'ENOTDIR') return `it cannot be used (${s})`;
    // Nothing to read yet is fine; a parent that is a file is not.
    return use === 'read' && s === 'ENOENT' ? undefined : creationProblem(path);
  }
  if (!s.isDirectory()) return `it is ${s.isFile() ? 'a file' : 'a special file'}, not a directory`;
  const code = denied(path, use === 'read' ? constants.R_OK | constants.X_OK : constants.R_OK | constants.W_OK | constants.X_OK);
  return code === undefined ? undefined : `no permission to ${use === 'read' ? 'read' : 'write'} it (${code})`;
}

/** A file the command will create (or, with `force`, overwrite). */
export function checkNewFile(path: string, what: string, force: boolean): void {
  const problem = newFileProblem(path, force);
  if (problem !== undefined) throw new UsageError(`${what} ${path}: ${problem}`);
}

function newFileProblem(path: string, force: boolean): string | undefined {
  const s = statOrCode(path);
  if (typeof s === 'string') {
    if (s !== 'ENOENT' && s !== 'ENOTDIR') return `it cannot be used (${s})`;
    return creationProblem(path);
  }
  if (s.isDirectory()) return 'it is a directory';
  if (!force) return 'it exists; add --force to overwrite it';
  const code = denied(path, constants.W_OK);
  return code === undefined ? undefined : `no permission to overwrite it (${code})`;
}
