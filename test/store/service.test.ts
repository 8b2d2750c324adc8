// The match store as a session service: the header's match on start, every logged verdict
// of the session's match, nothing after stop.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';
import { ManualScheduler } from '../../src/util/scheduler.ts';
import { matchInfoOf, matchStoreService } from '../../src/app/match-store-service.ts';
import type { SessionContext } from '../../src/app/referee-app.ts';
import { header } from '../journal/journal-fixture.ts';
import { tempStore } from './helpers.ts';
import { VERDICTS } from './fixtures.ts';

describe('matchStoreService', () => {
  it('files the match when it starts and each logged verdict of it until it stops', async () => {
    const store = tempStore();
    const bus = new EventBus();
    const session: SessionContext = {
      bus,
      matchId: header.matchId,
      header,
      snapshot: () => undefined,
      operate: () => [],
      verdictsAfter: () => [],
      lastSeq: () => 0,
      scheduler: new ManualScheduler(),
    };
    const service = matchStoreService(store)(session);
    expect(store.list()).toEqual([]); // the constructor only assigns
    await service.start();
    expect(store.info(header.matchId)).toEqual(matchInfoOf(header));
    bus.emit('logged', { matchId: header.matchId, seq: 1, verdict: VERDICTS[1]! });
    bus.emit('logged', { matchId: header.matchId, seq: 1, verdict: VERDICTS[1]! }); // republished
    bus.emit('logged', { matchId: 'another', seq: 2, verdict: VERDICTS[2]! });
    await service.stop();
    bus.emit('logged', { matchId: header.matchId, seq: 2, verdict: VERDICTS[2]! });
    expect(store.verdicts(header.matchId)).toEqual([{ seq: 1, verdict: VERDICTS[1] }]);
    expect(bus.listenerCount('logged')).toBe(0);
    await service.stop(); // twice is safe
    store.close();
  });
});
