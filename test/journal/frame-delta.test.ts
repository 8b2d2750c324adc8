import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FrameDeltaDecoder, FrameDeltaEncoder, KEY_EVERY } from '../../src/journal/frame-delta.ts';
import { formatFrame } from '../../src/protocol/frame.ts';
import { SynthBoard } from '../sensing/synth.ts';

/** Noisy frames from the synthetic board, with a sphere placed and lifted now and then. */
function frameLines(count: number, seed = 1): string[] {
  const b = new SynthBoard(seed);
  for (const w of [16, 17, 25]) b.put(w);
  return Array.from({ length: count }, (_, i) => {
    if (i % 160 === 40) b.place(24);
    else if (i % 160 === 120) b.lift(24);
    return formatFrame(b.next());
  });
}

const roundTrip = (lines: readonly string[]): string[] => {
  const enc = new FrameDeltaEncoder();
  const dec = new FrameDeltaDecoder();
  return lines.map((l) => {
    const r = dec.decode(enc.encode(l));
    if (!r.ok) throw new Error(`${l}: ${r.error}`);
    return r.value;
  });
};

describe('FRAME delta text', () => {
  it('gives back every line exactly: frames, other lines, bad CRCs, odd cell counts, lines that look like its own syntax', () => {
    const frames = frameLines(300);
    const badCrc = frames[10]!.replace(/\*[0-9A-F]{4}$/, (c) => (c === '*0000' ? '*0001' : '*0000'));
    const short = frames[20]!.replace(/ ([A-Za-z0-9+/]+)\*/, (_, cells: string) => ` ${cells.slice(4)}*`);
    const lines = [
      'HELLO 0000 1 1.0.0+sim 16F2FB66 3C24FA3B 42 2 80 WB 42*416E',
      ...frames.slice(0, 10),
      badCrc,
      ...frames.slice(11, 20),
      short,
      ...frames.slice(21, 30),
      '+1 12 -- 00000000000 AAAA*1234',
      '\\back',
      'FRAME not really',
      'ACK 0001 0000*1B8D',
      ...frames.slice(30),
    ];
    expect(roundTrip(lines)).toEqual(lines);
  });

  it('round-trips any mix of frames and arbitrary lines (property)', () => {
    const frames = frameLines(60, 3);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...frames), fc.string({ unit: 'binary-ascii' }), fc.constantFrom('+', '\\', 'FRAME ')), {
          maxLength: 80,
        }),
        (lines) => {
          expect(roundTrip(lines)).toEqual(lines);
        },
      ),
    );
  });

  it('writes most frames as deltas, a whole frame every KEY_EVERY, and halves the gzip size', () => {
    const frames = frameLines(800);
    const enc = new FrameDeltaEncoder();
    const encoded = frames.map((l) => enc.encode(l));
    const whole = encoded.filter((l) => l.startsWith('FRAME ')).length;
    expect(whole).toBe(Math.ceil(frames.length / KEY_EVERY));
    const gz = (ls: string[]) => gzipSync(`${ls.join('\n')}\n`).length;
    expect(gz(encoded)).toBeLessThan(0.6 * gz(frames));
  });

  it('a missing line is reported for the frames after it, never rebuilt wrong; the next whole frame resumes', () => {
    const frames = frameLines(200);
    const enc = new FrameDeltaEncoder();
    const encoded = frames.map((l) => enc.encode(l));
    const dec = new FrameDeltaDecoder();
    const out = encoded.map((l, i) => (i === 30 ? undefined : dec.decode(l)));
    for (let i = 0; i < 200; i++) {
      if (i === 30) continue;
      const r = out[i]!;
      if (i > 30 && i < KEY_EVERY) expect(r.ok, `line ${i}`).toBe(false);
      else expect(r, `line ${i}`).toEqual({ ok: true, value: frames[i] });
    }
  });
});
