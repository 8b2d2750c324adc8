// MQTT's requests reach the operator's seam: `hint` asks it for a hint (as the terminal's `hint`
// and the dashboard's button do), its answer the request's; a field beyond its bound never reaches it.
import { describe, expect, it } from 'vitest';
import type { RefereeControl } from '../../src/app/referee-control.ts';
import type { RefereeHost } from '../../src/app/referee-host.ts';
import { requestHandler } from '../../src/app/request-handler.ts';
import { err, ok } from '../../src/util/result.ts';

describe('the MQTT request handler', () => {
  it('hint: the control answers it', async () => {
    const asked: unknown[] = [];
    const control = {
      hint: async (body: unknown) => {
        asked.push(body);
        return asked.length === 1
          ? ok({ side: 'light', player: 'A', move: 'a2-a3', count: 1 })
          : err('no hints under the tournament policy');
      },
    } as unknown as RefereeControl;
    const handle = requestHandler(control, {} as RefereeHost);
    expect(await handle('hint', {})).toEqual(ok({ side: 'light', player: 'A', move: 'a2-a3', count: 1 }));
    expect(await handle('hint', {})).toEqual(err('no hints under the tournament policy'));
    expect(await handle('hint', { note: 'x'.repeat(200) })).toMatchObject({ ok: false, error: { code: 'TooLong' } });
    expect(asked).toEqual([{}, {}]);
  });
});
