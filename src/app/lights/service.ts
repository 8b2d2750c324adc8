/**
 * The board's well LEDs as a service of a match: the verdicts and inputs on the bus go
 * through the lights plan (src/presentation/lights/), and only what changed goes to the
 * board, as LED / LEDALL / LEDCLR commands through the link's command queue. Every command
 * goes out as a line of the link, which the match's journal keeps (`line` records, `out`),
 * so the journal holds every LED command the host sent.
 *
 * A board without LEDs (its HELLO says 0, or it answers NAK NOLEDS) is said once, then
 * left alone. After a reboot or a reconnect the board's LEDs are not known (a reboot clears
 * them), so the whole picture is sent again. An alarm's flash is timed on the run's clock.
 * On stop, the LEDs are put out (the next match, or nobody, starts from a dark board), and
 * stop waits for it, so the match's journal keeps that command too.
 */
import type { HardwareProfile } from '../../board/profile.ts';
import type { BoardLink, CommandResult } from '../../hardware/link/index.ts';
import { NO_LIGHTS, lightsOnInput, lightsOnVerdict, type LightsNaming, type LightsState } from '../../presentation/lights/plan.ts';
import { lightsPicture, nextLightsChangeMs, type LightsOptions } from '../../presentation/lights/picture.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import { afterLedCommand, ledCommands, type LedCommand } from './led-commands.ts';
import { ledColoursOf, ledMapOf, litWellsOf, type LedMap } from './led-map.ts';

export interface WellLightsConfig {
  readonly bus: EventBus;
  readonly link: BoardLink;
  /** The board's cell map (LED i is under cell i). */
  readonly hardware: HardwareProfile;
  readonly naming: LightsNaming;
  readonly options: LightsOptions;
  /** Verdicts of a resumed match's earlier sessions: the lights start as they left the board (no alarm flashes again). */
  readonly history?: readonly Verdict[];
  readonly scheduler?: Scheduler;
}

const ready = (link: BoardLink): boolean => link.state === 'ready' || link.state === 'stalled';

export class WellLightsService implements Service {
  readonly name = 'well-lights';
  private state: LightsState = NO_LIGHTS;
  /** What the LEDs show, as far as the board acknowledged; undefined when not known. */
  private shown: number[] | undefined;
  private sending: Promise<void> | undefined;
  private again = false;
  private running = false;
  /** The board has no LEDs: said once, then nothing is sent. */
  private quiet = false;
  private timer: TimerHandle | undefined;
  private offs: (() => void)[] = [];

  constructor(private readonly config: WellLightsConfig) {}

  private get scheduler(): Scheduler {
    return this.config.scheduler ?? realScheduler;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { bus, link } = this.config;
    // Long over: an alarm of the earlier sessions does not flash again.
    this.state = (this.config.history ?? []).reduce((s, v) => lightsOnVerdict(s, v, Number.NEGATIVE_INFINITY), NO_LIGHTS);
    bus.on('verdict', this, (v) => this.update(lightsOnVerdict(this.state, v, this.scheduler.now())));
    bus.on('refereeInput', this, (i) => this.update(lightsOnInput(this.state, i, this.config.naming)));
    const unknown = (): void => {
      this.shown = undefined;
      this.sync();
    };
    this.offs.push(
      link.on('reboot', unknown),
      link.on('reconnected', unknown),
      link.on('state', (s) => (s.state === 'ready' ? this.sync() : undefined)),
    );
    this.sync();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.config.bus.removeListeners(this);
    for (const off of this.offs) off();
    this.offs = [];
    this.scheduler.clear(this.timer);
    this.timer = undefined;
    await this.sending;
    const { link } = this.config;
    const lit = this.shown === undefined || this.shown.some((rgb) => rgb !== 0);
    if (this.quiet || !lit || !ready(link) || (link.hello?.ledCount ?? 0) === 0) return;
    const out = await link.command({ type: 'ledclr' });
    if (out.ok) this.config.bus.emit('lights', { wells: {} });
  }

  private update(next: LightsState): void {
    if (next === this.state) return;
    this.state = next;
    this.sync();
  }

  /** Sends what changed; one batch at a time (a change meanwhile is sent after it). */
  private sync(): void {
    if (!this.running || this.quiet) return;
    if (this.sending) {
      this.again = true;
      return;
    }
    this.animate();
    const { link } = this.config;
    const hello = link.hello;
    if (!hello || !ready(link)) return; // the link's `ready` syncs
    if (hello.ledCount === 0) return this.noLeds();
    const map = ledMapOf(this.config.hardware, hello.ledCount);
    const wanted = ledColoursOf(lightsPicture(this.state, this.scheduler.now(), this.config.options), map);
    const commands = ledCommands(this.shown, wanted);
    if (commands.length === 0) return;
    this.sending = this.send(commands, map).finally(() => {
      this.sending = undefined;
      if (!this.again) return;
      this.again = false;
      this.sync();
    });
  }

  /**
   * A fill first, on its own: a fill re-sent after a lost answer must not land after an LED
   * set behind it. The LEDs of different wells then go together (their order does not matter).
   */
  private async send(commands: readonly LedCommand[], map: LedMap): Promise<void> {
    const [first, ...rest] = commands;
    if (!first) return;
    const batches = first.type === 'led' ? [commands] : [[first], rest];
    let shown = this.shown ?? new Array<number>(map.count).fill(0);
    let known = this.shown !== undefined || first.type !== 'led';
    for (const batch of batches) {
      const results = await Promise.all(batch.map((c) => this.config.link.command(c)));
      results.forEach((r, i) => {
        if (r.ok) shown = afterLedCommand(shown, batch[i]!);
        else known = false;
      });
      const refused = results.find((r): r is Extract<CommandResult, { ok: false }> => !r.ok && r.error.boardCode === 'NOLEDS');
      if (refused) return this.noLeds();
      if (!known) break;
    }
    this.shown = known ? shown : undefined;
    if (known) this.config.bus.emit('lights', { wells: litWellsOf(shown, map) });
  }

  private noLeds(): void {
    if (this.quiet) return;
    this.quiet = true;
    this.scheduler.clear(this.timer);
    this.config.bus.emit('notice', { level: 'info', message: 'the board has no well LEDs: the referee shows no lights on it' });
  }

  /** An alarm flashing: the next change is timed. */
  private animate(): void {
    this.scheduler.clear(this.timer);
    this.timer = undefined;
    const now = this.scheduler.now();
    const next = nextLightsChangeMs(this.state, now);
    if (next !== undefined) this.timer = this.scheduler.setTimeout(() => this.sync(), Math.max(1, next - now));
  }
}
