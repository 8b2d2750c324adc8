// The match store as a service of the run: the store opened at start, the attached match's
// header filed at once and every logged verdict of that match, nothing after detach, and the
// store closed at stop.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/app/event-bus.ts';
import { ManualScheduler } from '../../src/util/scheduler.ts';
import type { MatchContext } from '../../src/app/match-context.ts';
import { matchInfoOf } from '../../src/app/match-info.ts';
import { MatchStoreService } from '../../src/app/match-store-service.ts';
import { header } from '../journal/journal-fixture.ts';
import { tempStore } from './helpers.ts';
import { VERDICTS } from './fixtures.ts';

describe('MatchStoreService', () => {
  it('files the match when it is attached and each logged verdict of it until it is detached', async () => {
    const store = tempStore();
    const bus = new EventBus();
    const match: MatchContext = {
      bus,
      matchId: header.matchId,
      header,
      snapshot: () => undefined,
      operate: () => [],
      advise: () => [],
      verdictsAfter: () => [],
      lastSeq: () => 0,
      scheduler: new ManualScheduler(),
    };
    let opened = 0;
    const service = new MatchStoreService(() => {
      opened++;
      return store;
    });
    expect(opened).toBe(0); // the constructor only assigns
    await service.start();
    expect(service.store).toBe(store);
    expect(store.list()).toEqual([]); // started: nothing filed before a match
    service.attach(match);
    expect(store.info(header.matchId)).toEqual(matchInfoOf(header));
    bus.emit('logged', { matchId: header.matchId, seq: 1, verdict: VERDICTS[1]! });
    bus.emit('logged', { matchId: header.matchId, seq: 1, verdict: VERDICTS[1]! }); // republished
    bus.emit('logged', { matchId: 'another', seq: 2, verdict: VERDICTS[2]! });
    service.detach();
    bus.emit('logged', { matchId: header.matchId, seq: 2, verdict: VERDICTS[2]! });
    expect(store.verdicts(header.matchId)).toEqual([{ seq: 1, verdict: VERDICTS[1] }]);
    expect(bus.listenerCount('logged')).toBe(0);
    service.detach(); // twice is safe
    await service.stop();
    expect(service.store).toBeUndefined();
    expect(() => store.list()).toThrow(); // closed by the service that opened it
    await service.stop(); // twice is safe
  });

  it('without a store (it could not be opened) hears matches and files nothing', async () => {
    const service = new MatchStoreService(() => undefined);
    await service.start();
    const bus = new EventBus();
    service.attach({
      bus,
      matchId: 'm',
      header,
      snapshot: () => undefined,
      operate: () => [],
      advise: () => [],
      verdictsAfter: () => [],
      lastSeq: () => 0,
      scheduler: new ManualScheduler(),
    });
    expect(bus.listenerCount('logged')).toBe(0);
    service.detach();
    await service.stop();
  });
});
