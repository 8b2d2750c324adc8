// The well LEDs as a service: only the differences go to the board, through the link's
// commands; a board without LEDs is said once; a reconnect sends the whole picture; an alarm
// flashes on the run's clock (a ManualScheduler here).
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../../src/app/event-bus.ts';
import { WellLightsService } from '../../../src/app/lights/service.ts';
import { pointName } from '../../../src/board/grid.ts';
import type { LinkCommand } from '../../../src/hardware/link/index.ts';
import { REFERENCE_HARDWARE } from '../../../src/hardware/sim/cell-map.ts';
import { LIGHT_COLOURS } from '../../../src/presentation/lights/colours.ts';
import type { Verdict, VerdictBody } from '../../../src/referee/verdicts.ts';
import { err } from '../../../src/util/result.ts';
import { ManualScheduler } from '../../../src/util/scheduler.ts';
import { FAKE_HELLO, FakeBoardLink } from '../../support/fake-board-link.ts';
import { moveBackFoul } from '../../support/move-back-foul.ts';

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};
const v = (body: VerdictBody): Verdict => ({ atMs: 0, ...body });
const led = (well: number, role: keyof typeof LIGHT_COLOURS): LinkCommand => ({ type: 'led', well, rgb: LIGHT_COLOURS[role] });
const FOUL: VerdictBody = {
  type: 'foul',
  code: 'IllegalPlacement',
  side: 'white',
  message: 'm',
  restore: [{ action: 'move-back', from: 'e3', well: 'e1' }],
  count: 1,
};
// e1 is cell 4, e3 cell 18 on the reference board (7 files).
const E1 = 4;
const E3 = 18;

let stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
});

async function lights(link = new FakeBoardLink(), destinations = true, history: readonly Verdict[] = []) {
  const bus = new EventBus();
  const scheduler = new ManualScheduler(10_000);
  const notices: string[] = [];
  bus.on('notice', {}, (n) => notices.push(n.message));
  const service = new WellLightsService({
    bus,
    link,
    hardware: REFERENCE_HARDWARE,
    naming: { cellName: (cell) => pointName(REFERENCE_HARDWARE.grid, cell) },
    options: { destinations },
    history,
    scheduler,
  });
  link.start();
  await service.start();
  stops.push(() => service.stop());
  await settle();
  return { bus, link, scheduler, notices, service };
}

describe('the well LEDs service', () => {
  it('starts from a dark board, lights a foul’s wells and puts each out as it is fixed, one LED command each', async () => {
    const { bus, link } = await lights();
    expect(link.commands).toEqual([{ type: 'ledclr' }]);
    link.commands.length = 0;
    bus.emit('verdict', v(FOUL));
    await settle();
    expect(link.commands).toEqual([led(E1, 'restore'), led(E3, 'remove')]);
    link.commands.length = 0;
    bus.emit('refereeInput', { type: 'lifted', well: E3, atMs: 0 });
    await settle();
    expect(link.commands).toEqual([{ type: 'led', well: E3, rgb: 0 }]);
    link.commands.length = 0;
    bus.emit('refereeInput', { type: 'placed', well: E1, atMs: 0 });
    bus.emit('verdict', v({ type: 'restored', side: 'white', position: 'p' }));
    await settle();
    expect(link.commands).toEqual([{ type: 'led', well: E1, rgb: 0 }]);
  });

  it("destinations after a lift under casual play, none under the tournament setting; the computer's move is lit", async () => {
    const lift: VerdictBody = { type: 'lifted', side: 'white', well: 'c1', destinations: ['c2'] };
    const casual = await lights();
    casual.link.commands.length = 0;
    casual.bus.emit('verdict', v(lift));
    await settle();
    expect(casual.link.commands).toEqual([led(2, 'lift'), led(9, 'destination')]);

    const tournament = await lights(new FakeBoardLink(), false);
    tournament.link.commands.length = 0;
    tournament.bus.emit('verdict', v(lift));
    await settle();
    expect(tournament.link.commands).toEqual([]);
    tournament.bus.emit('verdict', v({ type: 'computer-move', side: 'black', move: 'g6xf5', position: 'p' }));
    await settle();
    expect(tournament.link.commands).toEqual([led(33, 'capture'), led(41, 'lift')]);
  });

  it("the computer's move lit; another move's foul lights its restore wells instead, dark as fixed; then the computer's move again", async () => {
    const { bus } = await lights();
    // What the board shows, as it acknowledged it.
    let shown: Readonly<Record<string, number>> = {};
    bus.on('lights', {}, (l) => (shown = l.wells));
    const showing = async (): Promise<Record<string, number>> => {
      await settle();
      return { ...shown };
    };
    bus.emit('verdict', v({ type: 'computer-move', side: 'white', move: 'a1-a2', position: 'p' }));
    expect(await showing()).toEqual({ a1: LIGHT_COLOURS.lift, a2: LIGHT_COLOURS.destination });
    // a1 = 0, b1 = 1, b2 = 8 on the reference board: b1-b2 made instead.
    bus.emit('refereeInput', { type: 'lifted', well: 1, atMs: 0 });
    bus.emit('refereeInput', { type: 'placed', well: 8, atMs: 0 });
    bus.emit('verdict', v(moveBackFoul('NotTheComputersMove', 'b1', 'b2')));
    expect(await showing()).toEqual({ b1: LIGHT_COLOURS.restore, b2: LIGHT_COLOURS.remove });
    bus.emit('refereeInput', { type: 'lifted', well: 8, atMs: 0 });
    expect(await showing()).toEqual({ b1: LIGHT_COLOURS.restore });
    bus.emit('refereeInput', { type: 'placed', well: 1, atMs: 0 });
    bus.emit('verdict', v({ type: 'restored', side: 'white', position: 'p' }));
    expect(await showing()).toEqual({ a1: LIGHT_COLOURS.lift, a2: LIGHT_COLOURS.destination });
  });

  it('a crash flashes every well with LEDALL and LEDCLR on the run’s clock, then shows the board as before', async () => {
    const { bus, link, scheduler } = await lights();
    bus.emit('verdict', v({ type: 'move', side: 'white', move: 'a1-a2', position: 'p' }));
    await settle();
    link.commands.length = 0;
    bus.emit('verdict', v({ type: 'board-tipped', toward: 'black' }));
    await settle();
    const seen: string[] = [];
    const take = (): void => {
      seen.push(link.commands.map((c) => c.type).join('+'));
      link.commands.length = 0;
    };
    take();
    for (let t = 0; t < 12; t++) {
      scheduler.advance(250);
      await settle();
      take();
    }
    // On, off, on... for three seconds (12 quarter seconds), then the last move again, on the dark board.
    expect(seen).toEqual(['ledall', ...Array.from({ length: 11 }, (_, i) => (i % 2 === 0 ? 'ledclr' : 'ledall')), 'led+led']);
    expect(scheduler.pendingCount).toBe(0);
  });

  it('a board without LEDs is said once, then left alone; NAK NOLEDS likewise', async () => {
    const bare = await lights(new FakeBoardLink({ hello: { ...FAKE_HELLO, ledCount: 0 } }));
    bare.bus.emit('verdict', v(FOUL));
    bare.bus.emit('verdict', v({ type: 'restored', side: 'white', position: 'p' }));
    await settle();
    expect(bare.link.commands).toEqual([]);
    expect(bare.notices).toEqual(['the board has no well LEDs: the referee shows no lights on it']);

    const refusing = new FakeBoardLink();
    refusing.answer = () => err({ code: 'NAK', boardCode: 'NOLEDS', message: 'board refused LEDCLR: NOLEDS' });
    const nak = await lights(refusing);
    nak.bus.emit('verdict', v(FOUL));
    await settle();
    expect(refusing.commands).toEqual([{ type: 'ledclr' }]);
    expect(nak.notices).toEqual(['the board has no well LEDs: the referee shows no lights on it']);
  });

  it('a reconnect or a reboot sends the whole picture again; a link not ready sends when it is', async () => {
    const link = new FakeBoardLink({ readyOnStart: false });
    const { bus } = await lights(link);
    bus.emit('verdict', v(FOUL));
    await settle();
    expect(link.commands).toEqual([]);
    link.becomeReady();
    await settle();
    expect(link.commands).toEqual([{ type: 'ledclr' }, led(E1, 'restore'), led(E3, 'remove')]);
    link.commands.length = 0;
    link.emitReconnected();
    await settle();
    expect(link.commands).toEqual([{ type: 'ledclr' }, led(E1, 'restore'), led(E3, 'remove')]);
    link.commands.length = 0;
    link.emitReboot({ previousBootId: 1, bootId: 2, boardChanged: false, hello: FAKE_HELLO });
    await settle();
    expect(link.commands).toEqual([{ type: 'ledclr' }, led(E1, 'restore'), led(E3, 'remove')]);
  });

  it('a command that fails leaves the LEDs unknown: the next change sends the whole picture', async () => {
    const { bus, link } = await lights();
    link.answer = () => err({ code: 'TIMEOUT', message: 'no answer to LED after 3 tries' });
    bus.emit('verdict', v(FOUL));
    await settle();
    link.commands.length = 0;
    link.answer = new FakeBoardLink().answer;
    bus.emit('refereeInput', { type: 'lifted', well: E3, atMs: 0 });
    await settle();
    expect(link.commands).toEqual([{ type: 'ledclr' }, led(E1, 'restore')]);
  });

  it('a resumed match starts from its earlier sessions’ verdicts: a standing foul lit, an old crash not flashing again', async () => {
    const history = [
      v({ type: 'game-started', game: 2, players: {}, position: 'p' }),
      v(FOUL),
      v({ type: 'board-tipped', toward: 'white' }),
    ];
    const { link, scheduler } = await lights(new FakeBoardLink(), true, history);
    expect(link.commands).toEqual([{ type: 'ledclr' }, led(E1, 'restore'), led(E3, 'remove')]);
    expect(scheduler.pendingCount).toBe(0);
  });

  it('stop puts the LEDs out and waits for the board’s answer', async () => {
    const { bus, link, service } = await lights();
    const shown: unknown[] = [];
    bus.on('lights', {}, (l) => shown.push(l.wells));
    bus.emit('verdict', v(FOUL));
    await settle();
    link.commands.length = 0;
    await service.stop();
    expect(link.commands).toEqual([{ type: 'ledclr' }]);
    // What the board acknowledged, said on the bus by well (the dashboard draws it).
    expect(shown).toEqual([{ e1: LIGHT_COLOURS.restore, e3: LIGHT_COLOURS.remove }, {}]);
    bus.emit('verdict', v(FOUL));
    await settle();
    expect(link.commands).toEqual([{ type: 'ledclr' }]);
  });
});
