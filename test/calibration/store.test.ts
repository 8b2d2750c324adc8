import { mkdtempSync, readdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CalibrationStore, resolveCalibrationDir } from '../../src/calibration/store.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';

const cal = (boardId: number, cells = 44): Calibration => ({
  boardId,
  createdAt: '2026-01-01T00:00:00Z',
  cells: Array.from({ length: cells }, (_, i) => ({ offset: -1000 + i, countsPerGram: 430 + i / 10 })),
});

const freshDir = () => mkdtempSync(join(tmpdir(), 'senryaku-cal-'));

describe('CalibrationStore', () => {
  it('saves under <boardid-hex8>.json and loads it back', () => {
    const store = new CalibrationStore(join(freshDir(), 'nested', 'dir'));
    const saved = store.save(cal(0x2a));
    expect(saved).toEqual({ ok: true, value: store.pathOf(0x2a) });
    expect(store.pathOf(0x2a)).toMatch(/0000002A\.json$/);
    const loaded = store.load(0x2a, { cellCount: 44 });
    expect(loaded).toEqual({ ok: true, value: cal(0x2a) });
  });

  it('overwrites atomically, leaving no temp files behind', () => {
    const dir = freshDir();
    const store = new CalibrationStore(dir);
    store.save(cal(7));
    store.save(cal(7, 44));
    expect(readdirSync(dir)).toEqual(['00000007.json']);
  });

  it('reports a missing, corrupt, mis-filed or wrong-size file with a clear coded error', () => {
    const dir = freshDir();
    const store = new CalibrationStore(dir);
    expect(store.load(1)).toMatchObject({
      ok: false,
      error: { code: 'NotFound', message: expect.stringMatching(/no calibration for board 00000001/) },
    });
    writeFileSync(store.pathOf(2), '{ not json');
    expect(store.load(2)).toMatchObject({
      ok: false,
      error: { code: 'Invalid', message: expect.stringMatching(/invalid calibration .*00000002\.json: .*NotJson/) },
    });
    store.save(cal(3));
    writeFileSync(store.pathOf(4), readFileSync(store.pathOf(3)));
    expect(store.load(4)).toMatchObject({ ok: false, error: { code: 'WrongBoard' } });
    expect(store.load(3, { cellCount: 42 })).toMatchObject({
      ok: false,
      error: { code: 'Invalid', message: expect.stringMatching(/WrongCellCount/) },
    });
  });

  it('a failed write is a value, not an exception', () => {
    const dir = freshDir();
    chmodSync(dir, 0o500);
    const store = new CalibrationStore(join(dir, 'sub'));
    const r = store.save(cal(5));
    chmodSync(dir, 0o700);
    // root ignores permissions; then the write simply succeeds.
    if (!r.ok) expect(r.error.code).toBe('WriteFailed');
  });

  it('the directory: option, else $SENRYAKU_CALIBRATION_DIR, else ~/.config/senryaku/calibration', () => {
    expect(resolveCalibrationDir('/opt/cal', { SENRYAKU_CALIBRATION_DIR: '/env' }, '/home/u')).toBe('/opt/cal');
    expect(resolveCalibrationDir(undefined, { SENRYAKU_CALIBRATION_DIR: '/env' }, '/home/u')).toBe('/env');
    expect(resolveCalibrationDir(undefined, {}, '/home/u')).toBe('/home/u/.config/senryaku/calibration');
    expect(resolveCalibrationDir(undefined, { XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe('/x/senryaku/calibration');
  });
});
