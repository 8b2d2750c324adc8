// The plausibility step on hand-made lines. Each case is a list of steps and, per step,
// what it let go: `f3` passed on, `f3(--)` passed on with its tilt replaced, `!f3:why` dropped.
import { describe, expect, it } from 'vitest';
import {
  ACCEPT_AFTER_FRAMES,
  admitLine,
  admitOther,
  createPlausibility,
  emptyPlausibilityCounters,
  endBoot,
  type PlausibilityCounters,
  type Release,
  type TiltBits,
  type TimedLine,
} from '../../src/sensing/plausibility.ts';

type Step = { readonly id: string; readonly line: TimedLine } | { readonly id: string; readonly line?: undefined } | 'boot';

const tiltOf = (s: string): TiltBits => ({ white: s[0] === 'W', black: s[1] === 'B' });
const tiltText = (t: TiltBits): string => (t.white ? 'W' : '-') + (t.black ? 'B' : '-');
const frame = (id: string, seq: number, ms: number, tilt = '--'): Step => ({
  id,
  line: { type: 'frame', seq, ms: ms >>> 0, tilt: tiltOf(tilt) },
});
const tiltLine = (id: string, seq: number, ms: number, tilt: string): Step => ({
  id,
  line: { type: 'tilt', seq, ms: ms >>> 0, tilt: tiltOf(tilt) },
});
const other = (id: string): Step => ({ id });

/** Board millis() of the k-th sampling period at 80 frames/s: 12 or 13 ms apart. */
const T0 = 100_000;
const at = (k: number, t0 = T0): number => t0 + Math.floor(k * 12.5);
/** Frame k (seq k), level unless told. */
const f = (k: number, tilt = '--', ms = at(k)): Step => frame(`f${k}`, k, ms, tilt);

const show = (r: Release<string>): string =>
  r.fate === 'discard'
    ? `!${r.item}:${r.reason}`
    : r.fate === 'reanchor'
      ? `@${r.item}`
      : r.tilt
        ? `${r.item}(${tiltText(r.tilt)})`
        : r.item;

function run(steps: readonly Step[]): { trace: string[]; counters: PlausibilityCounters } {
  const s = createPlausibility<string>(80);
  const trace = steps.map((step) => {
    const out = step === 'boot' ? endBoot(s) : step.line ? admitLine(s, step.line, step.id) : admitOther(s, step.id);
    return out.map(show).join(' ');
  });
  return { trace, counters: { ...s.counters } };
}

interface Case {
  readonly name: string;
  readonly steps: readonly Step[];
  /** Per step, what it let go. */
  readonly trace: readonly string[];
  readonly counters?: Partial<PlausibilityCounters>;
}

const START = [f(1), f(2)];
const STARTED = ['', 'f1 f2'];

const CASES: Case[] = [
  {
    name: 'normal: the first frame waits for the second, then every frame goes on at once',
    steps: [f(1), f(2), f(3), f(4), f(5)],
    trace: ['', 'f1 f2', 'f3', 'f4', 'f5'],
    counters: {},
  },
  {
    name: 'one frame jumped 60 s ahead: held, dropped when the next one follows the last trusted frame',
    steps: [...START, f(3, '--', at(3) + 60_000), f(4), f(5)],
    trace: [...STARTED, '', '!f3:time-jump f4', 'f5'],
    counters: { timeHeld: 1, timeDiscarded: 1 },
  },
  {
    name: 'one frame jumped 60 s behind: dropped at once, as is a repeated time',
    steps: [...START, f(3, '--', at(3) - 60_000), f(4), frame('again', 5, at(4)), f(6)],
    trace: [...STARTED, '!f3:not-newer', 'f4', '!again:not-newer', 'f6'],
    counters: { timeDiscarded: 2 },
  },
  {
    name: 'a real jump (the board clock or frames lost unseen): confirmed by the next frame',
    steps: [...START, f(3, '--', at(3) + 60_000), f(4, '--', at(4) + 60_000), f(5, '--', at(5) + 60_000)],
    trace: [...STARTED, '', 'f3 f4', 'f5'],
    counters: { timeHeld: 1, jumpsAccepted: 1 },
  },
  {
    name: 'frames really lost: the sequence gap allows the longer advance',
    steps: [...START, f(9), f(10)],
    trace: [...STARTED, 'f9', 'f10'],
    counters: {},
  },
  {
    name: 'lines in between (TILT, ACK) stretch the allowance, and a TILT stamped after the next frame’s start is in time',
    steps: [...START, tiltLine('t', 3, at(3) + 3, '--'), other('ack'), f(5, '--', at(3)), f(6, '--', at(4))],
    trace: [...STARTED, 't', 'ack', 'f5', 'f6'],
    counters: {},
  },
  {
    name: 'wrap-around of the uint32 ms: frames across 2^32 follow; a jump across it is still caught',
    steps: [
      f(1, '--', at(1, 0xffff_ffd0)),
      f(2, '--', at(2, 0xffff_ffd0)),
      f(3, '--', at(3, 0xffff_ffd0)),
      f(4, '--', at(4, 0xffff_ffd0)),
      f(5, '--', at(5, 0xffff_ffd0) + 0x4000_0000),
      f(6, '--', at(6, 0xffff_ffd0)),
    ],
    trace: ['', 'f1 f2', 'f3', 'f4', '', '!f5:time-jump f6'],
    counters: { timeHeld: 1, timeDiscarded: 1 },
  },
  {
    name: 'a tilt bit flipped in one frame: held, passed on level when the next frame is level',
    steps: [...START, f(3, 'W-'), f(4), f(5)],
    trace: [...STARTED, '', 'f3(--) f4', 'f5'],
    counters: { tiltHeld: 1, tiltDiscarded: 1 },
  },
  {
    name: 'a spurious TILT line: dropped when the next frame is level',
    steps: [...START, tiltLine('t', 3, at(2) + 5, 'W-'), f(4, '--', at(3)), f(5, '--', at(4))],
    trace: [...STARTED, '', '!t:tilt-unconfirmed f4', 'f5'],
    counters: { tiltHeld: 1, tiltDiscarded: 1 },
  },
  {
    name: 'a real tip: its TILT line confirmed by the next frame, one frame later, with its own time',
    steps: [...START, tiltLine('t', 3, at(2) + 5, 'W-'), f(4, 'W-', at(3)), f(5, 'W-', at(4))],
    trace: [...STARTED, '', 't f4', 'f5'],
    counters: { tiltHeld: 1 },
  },
  {
    name: 'a real tip whose TILT line was lost: the frame showing it confirmed by the next frame',
    steps: [...START, f(4, 'W-', at(3)), f(5, 'W-', at(4))],
    trace: [...STARTED, '', 'f4 f5'],
    counters: { tiltHeld: 1 },
  },
  {
    name: 'a real tip seen first in a frame, then its TILT line saying the same',
    steps: [...START, f(3, '-B'), tiltLine('t', 4, at(3) + 2, '-B'), f(5, '-B', at(4))],
    trace: [...STARTED, '', 'f3 t', 'f5'],
    counters: { tiltHeld: 1 },
  },
  {
    name: 'a real tip then level: both changes confirmed, nothing lost',
    steps: [
      ...START,
      tiltLine('tip', 3, at(2) + 5, 'W-'),
      f(4, 'W-', at(3)),
      f(5, 'W-', at(4)),
      tiltLine('level', 6, at(4) + 4, '--'),
      f(7, '--', at(5)),
      f(8, '--', at(6)),
    ],
    trace: [...STARTED, '', 'tip f4', 'f5', '', 'level f7', 'f8'],
    counters: { tiltHeld: 2 },
  },
  {
    name: 'a tip that levels again before the next frame: the level TILT confirmed by the frame vouches for the tip',
    steps: [...START, tiltLine('tip', 3, at(2) + 1, 'W-'), tiltLine('level', 4, at(2) + 11, '--'), f(5, '--', at(3)), f(6, '--', at(4))],
    trace: [...STARTED, '', '', 'tip level f5', 'f6'],
    counters: { tiltHeld: 1 },
  },
  {
    name: 'a TILT line whose time is out of line is dropped; the frames then carry the change',
    steps: [...START, tiltLine('t', 3, at(2) + 60_000, 'W-'), f(4, 'W-', at(3)), f(5, 'W-', at(4))],
    trace: [...STARTED, '!t:time-out-of-line', '', 'f4 f5'],
    counters: { timeDiscarded: 1, tiltHeld: 1 },
  },
  {
    name: 'a gap notice (no time, no tilt) keeps its place behind a held frame',
    steps: [...START, f(3, '--', at(3) + 60_000), other('gap'), tiltLine('t', 5, at(3) + 4, '--'), f(6, '--', at(4))],
    trace: [...STARTED, '', '', '', '!f3:time-jump gap t f6'],
    counters: { timeHeld: 1, timeDiscarded: 1 },
  },
  {
    name: `frames that keep disagreeing: after ${ACCEPT_AFTER_FRAMES} in a row the newest is taken, so nothing wedges`,
    steps: [...START, ...Array.from({ length: 8 }, (_, i) => f(3 + i, '--', at(3 + i) + 60_000 * (i + 1))), f(11, '--', at(11) + 480_000)],
    trace: [
      ...STARTED,
      '',
      '!f3:time-jump',
      '!f4:time-jump',
      '!f5:time-jump',
      '!f6:time-jump',
      '!f7:time-jump',
      '!f8:time-jump',
      '!f9:time-jump f10',
      'f11',
    ],
    counters: { timeHeld: 7, timeDiscarded: 7, jumpsAccepted: 1 },
  },
  {
    name: 'a damaged first frame of a boot: the second does not follow it, the third follows the second',
    steps: [f(1, '--', at(1) + 60_000), f(2), f(3), f(4)],
    trace: ['', '!f1:time-jump', 'f2 f3', 'f4'],
    counters: { timeHeld: 1, timeDiscarded: 1 },
  },
  {
    name: 'a new boot settles what is held without a second line, and the clock starts afresh',
    steps: [
      ...START,
      tiltLine('t', 3, at(2) + 5, 'W-'),
      'boot',
      f(1, 'W-', 40),
      f(2, 'W-', 52),
      f(3, '-B', 65),
      'boot',
      f(1, '--', 30),
      'boot',
    ],
    trace: [...STARTED, '', '!t:boot-ended', '', 'f1 f2', '', 'f3(W-)', '', '!f1:boot-ended'],
    counters: { tiltHeld: 3, tiltDiscarded: 2, timeDiscarded: 1 },
  },
];

describe('line plausibility', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { trace, counters } = run(c.steps);
      expect(trace).toEqual(c.trace);
      if (c.counters) expect(counters).toEqual({ ...emptyPlausibilityCounters(), ...c.counters });
    });
  }

  it('holds a frame for tilt by one frame at most: real changes, with and without TILT lines, all go on unchanged', () => {
    const steps: Step[] = [...START];
    let seq = 3;
    ['W-', 'W-', '--', '--', '-B', '-B', '--', 'WB', 'WB', '--'].forEach((tilt, i) => {
      // Every third change announced by a TILT line stamped during the frame's period.
      if (i % 3 === 0) steps.push(tiltLine(`t${seq}`, seq++, at(i + 2) + 3, tilt));
      steps.push(f(seq++, tilt, at(i + 3)));
    });
    const { trace } = run(steps);
    expect(trace.join(' ')).not.toMatch(/[!(]/);
    const frames = steps.flatMap((x, i) => (x !== 'boot' && x.line?.type === 'frame' && i >= 2 ? [i] : []));
    frames.forEach((i, n) => {
      const id = (steps[i] as { id: string }).id;
      const outBy = trace
        .slice(i, (frames[n + 1] ?? i) + 1)
        .join(' ')
        .split(' ');
      expect(outBy, `${id}: ${trace.join(' | ')}`).toContain(id);
    });
  });

  it('refuses a frame rate that is not positive', () => {
    expect(() => createPlausibility(0)).toThrow(RangeError);
  });
});

describe('plausibility against the host’s receive clock', () => {
  const H3 = 3 * 3600_000;
  /** Frame k received at host time `host` (default: as stamped, 5 s after the board booted). */
  const timed = (k: number, ms = at(k), host = at(k) - T0 + 5000) => ({
    k,
    line: { type: 'frame' as const, seq: k & 0xffff, ms: ms >>> 0, tilt: LEVEL },
    host,
  });
  const LEVEL = tiltOf('--');
  function feed(frames: readonly ReturnType<typeof timed>[]) {
    const s = createPlausibility<string>(80);
    const out = frames.map((f) => admitLine(s, f.line, `f${f.k}`, f.host).map(show).join(' '));
    return { out, s };
  }

  it('two frames 3 h ahead with valid CRCs: refused outright, never held nor the reference; the genuine frames go on at once', () => {
    const { out, s } = feed([timed(1), timed(2), timed(3, at(3) + H3), timed(4, at(4) + H3), timed(5), timed(6)]);
    expect(out).toEqual(['', 'f1 f2', '!f3:ahead-of-host', '!f4:ahead-of-host', 'f5', 'f6']);
    expect(s.counters).toMatchObject({ aheadOfHost: 2, timeHeld: 0, jumpsAccepted: 0 });
    expect(s.lastRefusal).toMatchObject({ reason: 'ahead-of-host', leadMs: expect.any(Number) });
    expect(s.lastRefusal!.leadMs).toBeGreaterThan(H3 - 1000);
  });

  it('a jump the host clock saw (a silence of a minute on both clocks) is no fault', () => {
    const { out, s } = feed([
      timed(1),
      timed(2),
      timed(3, at(3) + 60_000, at(3) - T0 + 5000 + 60_000),
      timed(4, at(4) + 60_000, at(4) - T0 + 5000 + 60_000),
    ]);
    expect(out).toEqual(['', 'f1 f2', '', 'f3 f4']);
    expect(s.counters).toMatchObject({ aheadOfHost: 0, jumpsAccepted: 1 });
  });

  it('a flood: frames sooner than half a period after the last trusted one are dropped, counted', () => {
    const { out, s } = feed([timed(1), timed(2), timed(3, at(2) + 2), timed(4, at(2) + 4), timed(5, at(3))]);
    expect(out).toEqual(['', 'f1 f2', '!f3:too-soon', '!f4:too-soon', 'f5']);
    expect(s.counters.tooSoon).toBe(2);
  });

  it('a boot whose first two frames were forged hours ahead: the genuine time line is followed within a second', () => {
    const frames = [timed(1, at(1) + H3), timed(2, at(2) + H3), ...Array.from({ length: 120 }, (_, i) => timed(i + 3))];
    const { out, s } = feed(frames);
    const switched = out.findIndex((o) => o.startsWith('@'));
    expect(switched).toBeGreaterThan(2);
    expect(at(switched + 1) - at(3)).toBeLessThanOrEqual(1100);
    expect(out.slice(switched + 1).every((o) => /^f\d+$/.test(o))).toBe(true);
    expect(s.counters.reanchors).toBe(1);
  });
});
