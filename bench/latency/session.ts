/**
 * A refereed session for the latency bench: the simulated board (physics, HX711 noise and
 * drift, firmware) stepped one millisecond at a time, its lines fed as they leave the board
 * to the referee pipeline the live referee runs (decode → plausibility → sensing →
 * referee), and Senryaku's simulated players' planner and hand scripts (src/games/senryaku/) playing
 * on it from the verdicts, as the live autoplay does. No timers: the sim clock is the only
 * clock, so the same seed gives the same figures on every machine.
 *
 * Each line's verdicts are "out" at: the sim millisecond the board put the line on the
 * wire + the line's time on the UART (10 bits a byte at the board's baud rate) + the host
 * time the pipeline took on it (measured). USB forwarding (the Mega's 16U2, about 1 ms)
 * and the OS serial driver are not modelled.
 */
import { planSenryakuTurn, type PlanOdds } from '../../src/games/senryaku/plan-turn.ts';
import { senryakuHands } from '../../src/games/senryaku/players.ts';
import { RefereePipeline } from '../../src/pipeline/referee-pipeline.ts';
import { BOARD_BAUD_RATE, createSimBoard, wellOf, type SensorParameters, type StepOutcome } from '../../src/hardware/sim/index.ts';
import { formatHostCommand } from '../../src/protocol/index.ts';
import { Rng } from '../../src/util/rng.ts';
import type { RefereeInput } from '../../src/referee/inputs.ts';
import { senryakuReferee } from '../../src/games/senryaku/referee.ts';
import { DEFAULT_REFEREE_SETTINGS } from '../../src/games/senryaku/referee.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { BalanceModel, START_SPN, parseSpn, type Position } from '../../src/games/senryaku/rules/index.ts';
import type { SenryakuBoardProfile } from '../../src/games/senryaku/board.ts';
import type { HardwareProfile } from '../../src/board/profile.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { PhysicalTruth } from './truth.ts';
import { sensingSetupOf } from '../../src/games/senryaku/board.ts';

/** What one board line brought out of the pipeline, and when. */
export interface Observed {
  /** Sim ms the board put the line on the wire. */
  readonly sentMs: number;
  /** Sim ms its verdicts were out (see the header). */
  readonly outMs: number;
  readonly inputs: readonly RefereeInput[];
  readonly verdicts: readonly Verdict[];
}

export interface SessionOptions {
  readonly seed: number;
  readonly games: number;
  readonly profile: SenryakuBoardProfile;
  readonly hardware: HardwareProfile;
  readonly calibration: Calibration;
  readonly sensors?: Partial<SensorParameters>;
  readonly odds: PlanOdds;
  /** Where game 1 starts (default the start position). */
  readonly firstPosition?: Position;
  /** Host clock for the pipeline's own time, ms (default performance.now; tests pass a fixed one). */
  readonly hostClock?: () => number;
}

export interface SessionResult {
  readonly truth: PhysicalTruth;
  readonly observed: Observed[];
  readonly games: number;
  /** Turns the referee never accepted (the board was put back and the turn abandoned). */
  readonly stuckTurns: number;
  readonly simMs: number;
}

/** A turn not accepted this long after its hands are done is stuck. */
const STUCK_MS = 15_000;
/** As the autoplayer: a pause after a game, the board nearly set up, then set up. */
const SETUP_MS = 2500;
const PLAY_SLICE_MS = 25;

export async function runSession(o: SessionOptions): Promise<SessionResult> {
  const created = createSimBoard({
    seed: o.seed,
    profile: o.profile,
    hardware: o.hardware,
    position: o.firstPosition ?? START_SPN,
    ...(o.sensors ? { sensors: o.sensors } : {}),
  });
  if (!created.ok) throw new Error(created.error.message);
  const sim = created.value;
  const truth = new PhysicalTruth(sim);
  const settings = {
    ...DEFAULT_REFEREE_SETTINGS,
    profile: o.profile,
    match: { ...DEFAULT_REFEREE_SETTINGS.match, trackLength: 99 },
    ...(o.firstPosition ? { firstPosition: o.firstPosition } : {}),
  };
  const pipeline = new RefereePipeline({ sensing: sensingSetupOf(o.profile, o.calibration), referee: senryakuReferee(settings) });
  const observed: Observed[] = [];
  const model = BalanceModel.fromProfile(o.profile);
  const rng = new Rng(o.seed).fork('latency-players');
  let spn: string | undefined;
  let moves = 0;
  let gamesOver = 0;
  let stuckTurns = 0;

  const hostClock = o.hostClock ?? (() => performance.now());
  sim.onLine((line) => {
    const t0 = hostClock();
    const out = pipeline.feed(line, sim.nowMs);
    const hostMs = hostClock() - t0;
    const sentMs = sim.nowMs;
    const inputs = out.inputs.filter((i) => i.type !== 'tick');
    if (inputs.length > 0 || out.verdicts.length > 0)
      observed.push({ sentMs, outMs: sentMs + ((line.length + 2) * 10 * 1000) / BOARD_BAUD_RATE + hostMs, inputs, verdicts: out.verdicts });
    for (const v of out.verdicts) {
      if (v.type === 'game-started' || v.type === 'move') {
        spn = v.position;
        moves++;
      } else if (v.type === 'game-over') {
        spn = undefined;
        gamesOver++;
      }
    }
  });
  sim.start();
  const link = sim.attach({ data: () => {}, unplugged: () => {} });
  if (!link.ok) throw new Error(link.error.message);
  const run = async (ms: number): Promise<void> => {
    for (let t = 0; t < ms; t++) {
      sim.advance(1);
      truth.sample();
      // Let the scripts' promises settle now and then (they only record what was done).
      if (t % PLAY_SLICE_MS === 0) await Promise.resolve();
    }
  };
  await run(300); // boot
  link.value.write(Buffer.from(`${formatHostCommand({ type: 'start', seq: 1 })}\r\n`, 'latin1'));

  while (gamesOver < o.games) {
    // Until the referee has started a game (the board was set up) or ended one.
    await waitFor(run, () => spn !== undefined, 10_000);
    if (spn === undefined) throw new Error(`seed ${o.seed}: the referee never started game ${gamesOver + 1}`);
    const games = gamesOver;
    const pos = parseSpn(spn);
    const plan = pos.ok ? planSenryakuTurn(pos.value, model, rng, o.odds) : undefined;
    if (!plan) {
      await waitFor(run, () => gamesOver > games, 5000);
    } else {
      const before = moves;
      let done = false;
      const played = sim.play(senryakuHands(plan, sim.physics.rigid.geometry.pitch).script).then((outcomes) => {
        record(truth, outcomes);
        done = true;
      });
      await waitFor(run, () => done, 60_000);
      await played;
      await waitFor(run, () => moves > before || gamesOver > games, STUCK_MS);
      if (moves === before && gamesOver === games) {
        stuckTurns++;
        sim.resetBoard(spn);
        await run(1000);
      }
    }
    if (gamesOver > games) {
      await run(SETUP_MS);
      sim.resetBoard(START_SPN);
    }
    truth.settle();
  }
  await run(2000);
  truth.settle();
  sim.stop();
  return { truth, observed, games: gamesOver, stuckTurns, simMs: sim.nowMs };
}

async function waitFor(run: (ms: number) => Promise<void>, done: () => boolean, maxMs: number): Promise<void> {
  for (let t = 0; t < maxMs && !done(); t += PLAY_SLICE_MS) await run(PLAY_SLICE_MS);
}

/** The hand actions that happened, as the simulator ran them. */
function record(truth: PhysicalTruth, outcomes: readonly StepOutcome[]): void {
  for (const { step, atMs, result } of outcomes) {
    if (!result.ok) continue;
    if (step.action === 'lift' || step.action === 'place') truth.record(step.action, wellOf(step.well)!, atMs);
    else if (step.action === 'roll') truth.record('roll', wellOf(step.to)!, atMs, wellOf(step.from));
  }
}
