/** A disk that fills up for real: a small tmpfs of its own (root only; CI runs as root). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small tmpfs of its own (root only): undefined where it cannot be mounted. */
export function smallTmpfs(sizeKb: number): { dir: string; unmount: () => void } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-tmpfs-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'ignore' });
  if (r.status !== 0) return undefined;
  return { dir, unmount: () => spawnSync('umount', ['-l', dir], { stdio: 'ignore' }) };
}

export const cannotMount = (() => {
  const t = smallTmpfs(64);
  t?.unmount();
  if (t) return false;
  if (process.env.CI === 'true') return false; // under CI it must work: the test then fails loudly
  console.warn('note: cannot mount a tmpfs here (needs root), so the disk-full tests are skipped (CI runs it)');
  return true;
})();

/** Fills the file system of `dir` to the last byte. */
export function fillUp(dir: string): string {
  const filler = join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024, 7);
  let size = 0;
  for (;;) {
    try {
      writeFileSync(filler, chunk, { flag: size === 0 ? 'w' : 'a' });
      size += chunk.length;
    } catch {
      break;
    }
  }
  for (let bytes = 4096; bytes >= 1; bytes = Math.floor(bytes / 2)) {
    try {
      while (true) writeFileSync(filler, Buffer.alloc(bytes), { flag: 'a' });
    } catch {
      /* full at this size: try smaller */
    }
  }
  return filler;
}
