/**
 * A bench's C program built with gcc -O2, once per source text, into the temporary directory
 * (bench/c/*-engine.c): a cached build while the source has not changed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { err, ok, type Result } from '../../src/util/result.ts';

/** The executable built from `source` as it is now, or why there is none. */
export function buildC(source: string): Result<string, string> {
  // The source and the local headers it includes (the engines' shared search): a change to either is another build.
  const text = readFileSync(source, 'utf8');
  const headers = [...text.matchAll(/^#include "([^"]+)"/gm)].map((m) => readFileSync(join(dirname(source), m[1]!), 'utf8'));
  const hash = createHash('sha256')
    .update([text, ...headers].join('\0'))
    .digest('hex')
    .slice(0, 12);
  const dir = join(tmpdir(), 'senryaku-bench-c');
  const exe = join(dir, `${basename(source, '.c')}-${hash}`);
  if (existsSync(exe)) return ok(exe);
  mkdirSync(dir, { recursive: true });
  // Built beside its final name and renamed: a test and a bench building at once never run half a file.
  const building = `${exe}.${process.pid}`;
  try {
    execFileSync('gcc', ['-O2', '-o', building, source, '-lm'], { stdio: 'pipe' });
    renameSync(building, exe);
    return ok(exe);
  } catch (e) {
    return err(`gcc -O2 ${source}: ${(e as Error).message.split('\n')[0]}`);
  }
}
