/** A disk for journal tests whose directories can be made to refuse writes, as a read-only or full disk does. */
import type { JournalFs } from '../../src/journal/file.ts';
import { nodeFs } from '../../src/journal/disk.ts';

/** The real disk, except that the directories in `down` refuse every write (EROFS), or say they are full. */
export function flakyDisk() {
  const down = new Map<string, 'EROFS' | 'ENOSPC'>();
  const pathOf = new Map<number, string>();
  const fault = (path: string | undefined): void => {
    for (const [dir, code] of down) if (path?.startsWith(dir)) throw Object.assign(new Error(code), { code });
  };
  const fs: JournalFs = {
    ...nodeFs,
    openSync(path, flags) {
      if (flags !== 'r') fault(path);
      const fd = nodeFs.openSync(path, flags);
      pathOf.set(fd, path);
      return fd;
    },
    writeSync(fd, buffer, offset, length, position) {
      fault(pathOf.get(fd));
      return nodeFs.writeSync(fd, buffer, offset, length, position);
    },
    fdatasyncSync(fd) {
      fault(pathOf.get(fd));
      nodeFs.fdatasyncSync(fd);
    },
    ftruncateSync(fd, length) {
      fault(pathOf.get(fd));
      nodeFs.ftruncateSync(fd, length);
    },
    mkdirSync(path, options) {
      fault(path);
      return nodeFs.mkdirSync(path, options);
    },
    unlinkSync(path) {
      fault(path);
      nodeFs.unlinkSync(path);
    },
  };
  return { down, fs };
}
