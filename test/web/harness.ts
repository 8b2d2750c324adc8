/**
 * The dashboard's test rig: a RefereeHost refereeing the simulated board in real time (the
 * pages and the browser live in real time), with a DashboardServer on a free port as a
 * service that hears its matches, sim play wired to the simulated board and the operator's
 * seam (HostControl) as the referee command wires it. Nothing is stubbed between the simulator's load cells and
 * the verdicts the page shows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { MatchStoreService } from '../../src/app/match-store-service.ts';
import { openBoard, type OpenedBoard } from '../../src/app/open-board.ts';
import { openStore, type MatchStore } from '../../src/store/index.ts';
import type { RefereeApp } from '../../src/app/referee-app.ts';
import { HostControl, type HostControlConfig } from '../../src/app/host-control.ts';
import type { Service } from '../../src/app/service.ts';
import { RefereeHost } from '../../src/app/referee-host.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { hashPassword } from '../../src/platform/password.ts';
import type { SimBoard } from '../../src/hardware/sim/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { rulesetById } from '../../src/games/registry.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { bundleAssets, type WebAssets } from '../../src/web/assets.ts';
import type { WebUser } from '../../src/web/auth.ts';
import { DashboardServer, type DashboardOptions } from '../../src/web/server.ts';
import type { LightsOptions } from '../../src/presentation/lights/picture.ts';

export const OPERATOR = { name: 'desk', password: 'correct horse' } as const;

let users: Promise<WebUser[]> | undefined;
/** An operator and a viewer, as the settings' `mqtt.users` list them (cheap scrypt for tests). */
export function testUsers(): Promise<WebUser[]> {
  users ??= Promise.all([
    hashPassword(OPERATOR.password, { N: 1024, r: 8, p: 1 }).then((scrypt) => ({ name: OPERATOR.name, role: 'operator' as const, scrypt })),
    hashPassword('viewer pass', { N: 1024, r: 8, p: 1 }).then((scrypt) => ({ name: 'viewer', role: 'viewer' as const, scrypt })),
  ]);
  return users;
}

let assets: Promise<WebAssets> | undefined;
/** The page bundled from the sources once per test file. */
export const testAssets = (): Promise<WebAssets> => (assets ??= bundleAssets());

const calibrations = new Map<string, Promise<Calibration>>();
function calibrationFor(rules: string, seed: number): Promise<Calibration> {
  const key = `${rules}/${seed}`;
  let c = calibrations.get(key);
  if (!c) {
    const ruleset = rulesetById(rules);
    if (!ruleset.ok) throw new Error(ruleset.error.message);
    const store = new CalibrationStore(mkdtempSync(join(tmpdir(), 'senryaku-web-cal-')));
    c = calibrateSimulatedBoard({ seed, store, ruleset: ruleset.value }).then((r) => {
      if (!r.ok) throw new Error(r.error);
      return r.value;
    });
    calibrations.set(key, c);
  }
  return c;
}

export interface RigOptions {
  readonly rules?: 'senryaku' | 'surakarta';
  /** Game 1's position (the simulated board is set up so). */
  readonly position?: string;
  readonly seed?: number;
  /** Offer sim play (default true). */
  readonly sim?: boolean;
  readonly players?: { readonly A: string; readonly B: string };
  /** Keep a match store (history and replay), in a fresh file. */
  readonly store?: boolean;
  /** More services that hear the matches beside the dashboard (MQTT), started before the first match. */
  readonly services?: readonly Service[];
  /** The dashboard's bounds and rates (a page's backlog, the loads rate, notices). */
  readonly server?: Pick<DashboardOptions, 'maxBehindBytes' | 'loadsHz' | 'notice' | 'now'>;
  /** The board's well LEDs lit by the referee (default: left dark). */
  readonly lights?: LightsOptions;
  /** Who answers the operator's hint requests (the run's computer service); absent: refused. */
  readonly hints?: HostControlConfig['hints'];
}

export class Rig {
  private constructor(
    /** Every match's verdicts, as the page hears them. */
    readonly verdicts: Verdict[],
    /** Server clock when each verdict was said on the bus (the terminal prints it at that moment). */
    readonly saidMs: Map<number, number>,
    readonly host: RefereeHost,
    readonly control: HostControl,
    readonly sim: SimBoard,
    readonly server: DashboardServer,
    readonly store: MatchStore | undefined,
    /** Started in order before the first match, stopped in reverse after the last. */
    private readonly services: readonly Service[],
    /** The simulated board the rig opened: the host closes no board, its opener does. */
    private readonly board: OpenedBoard,
  ) {}

  /** The match being refereed. */
  get app(): RefereeApp {
    const app = this.host.current;
    if (!app) throw new Error('no match on the board');
    return app;
  }

  static async start(o: RigOptions = {}): Promise<Rig> {
    const rules = o.rules ?? 'senryaku';
    const seed = o.seed ?? 7;
    const found = BUILT_IN_RULESETS.byId(rules);
    if (!found.ok) throw new Error(found.error.message);
    const session = found.value;
    const calibration = await calibrationFor(rules, seed);
    const opened = await openBoard(
      { sim: true, seed: String(seed) },
      { ruleset: session, ...(o.position ? { simPosition: o.position } : {}) },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const board = opened.value;
    const sim = board.sim;
    if (!sim) throw new Error('no simulator behind the simulated board');
    const problems: { option: string; message: string }[] = [];
    const plan = session.readPlan({ ...(o.position ? { position: o.position } : {}) }, problems);
    if (problems.length) throw new Error(problems.map((p) => p.message).join('; '));
    const players = o.players ?? { A: 'Alice', B: 'Bob' };
    const game = session.newMatch(board.file, { ruleset: rules, policy: 'casual', players, plan });
    let store: MatchStore | undefined;
    if (o.store) {
      const opened = openStore(join(mkdtempSync(join(tmpdir(), 'senryaku-web-store-')), 'matches.db'));
      if (!opened.ok) throw new Error(opened.error.message);
      store = opened.value;
    }
    const server = new DashboardServer({
      host: '127.0.0.1',
      port: 0,
      users: await testUsers(),
      ...(o.sim === false ? {} : { sim: { board: sim, pitch: board.file.sim.physics.wellPitch, files: session.board.files } }),
      assets: await testAssets(),
      ...(store ? { store } : {}),
      ...o.server,
    });
    const verdicts: Verdict[] = [];
    const saidMs = new Map<number, number>();
    const listener: Service = {
      name: 'rig',
      start: async () => {},
      stop: async () => {},
      attach: (s) =>
        s.bus.on('verdict', listener, (v) => {
          verdicts.push(v);
          saidMs.set(verdicts.length, Date.now());
        }),
      detach: () => {},
    };
    const journalDir = mkdtempSync(join(tmpdir(), 'senryaku-web-journal-'));
    // As the referee command lists them: the store files a verdict before the pages hear it.
    const services = [...(store ? [new MatchStoreService(() => store)] : []), server, listener, ...(o.services ?? [])];
    const host = new RefereeHost({
      board: { link: board.link, description: board.description, calibration },
      firstMatch: { game, players },
      services,
      stay: true,
      appConfig: () => ({
        journalDir,
        io: { out: () => {}, err: () => {} },
        json: false,
        scoreboard: 'none',
        source: { kind: 'sim', seed },
        ...(o.lights ? { lights: o.lights } : {}),
      }),
      prepareBoard: () => void sim.resetBoard(session.startPosition),
    });
    const control = new HostControl({
      host,
      game: session,
      file: board.file,
      options: { players: `${players.A},${players.B}`, ...(rules === 'surakarta' ? { rules } : {}) },
      ...(o.hints ? { hints: o.hints } : {}),
    });
    server.provide({ control });
    const rig = new Rig(verdicts, saidMs, host, control, sim, server, store, services, board);
    for (const s of services) await s.start();
    await host.start();
    return rig;
  }

  get url(): string {
    return this.server.url;
  }

  /** Waits (real time) for a verdict of a type matching `match`; `maxMs` is a guard sized for a busy machine. */
  async until<T extends Verdict['type']>(
    type: T,
    match: (v: Extract<Verdict, { type: T }>) => boolean = () => true,
    maxMs = 45_000,
  ): Promise<Extract<Verdict, { type: T }>> {
    const deadline = Date.now() + maxMs;
    for (;;) {
      const v = this.verdicts.find((x): x is Extract<Verdict, { type: T }> => x.type === type && match(x as Extract<Verdict, { type: T }>));
      if (v) return v;
      if (Date.now() > deadline)
        throw new Error(`no '${type}' verdict within ${maxMs} ms; got ${this.verdicts.map((x) => x.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    await this.host.stop();
    for (const s of [...this.services].reverse()) await s.stop();
    await this.board.close();
    this.store?.close();
  }
}
