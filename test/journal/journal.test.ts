import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriter, readJournal } from '../../src/journal/journal.ts';
import { header } from './journal-fixture.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';

const tmp = () => join(mkdtempSync(join(tmpdir(), 'senryaku-journal-')), 'match.jsonl.gz');

function created(path: string): JournalWriter {
  const w = JournalWriter.create(path, header);
  if (!w.ok) throw new Error(w.error.message);
  return w.value;
}

function resumed(path: string) {
  const r = JournalWriter.resume(path);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('match journal', () => {
  it('reads back every record in order; a resumed journal continues the same file as a new session', () => {
    const path = tmp();
    const w = created(path);
    w.append({ kind: 'line', t: 1, dir: 'in', line: 'PING 0000*1234' });
    w.append({ kind: 'verdict', t: 2, verdict: { type: 'notice', message: 'hi', atMs: 2 } });
    w.close();
    const again = resumed(path);
    expect(again.contents.sessions.map((s) => s.records.length)).toEqual([2]);
    again.writer.append({ kind: 'note', t: 3, message: 'after the restart' });
    again.writer.close();
    const r = readJournal(path);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.header.matchId).toBe('test');
    expect(r.value.records.map((x) => x.kind)).toEqual(['session', 'line', 'verdict', 'session', 'note']);
    expect(r.value.sessions.map((s) => [s.number, s.records.map((x) => x.line)])).toEqual([
      [1, [3, 4]],
      [2, [6]],
    ]);
    expect(r.value.tornTail).toBe(false);
  });

  it('a record cut short by a crash is left out when read, and moved aside (and noted) before a resume appends', () => {
    const path = tmp();
    const w = created(path);
    w.append({ kind: 'note', t: 1, message: 'kept' });
    w.close();
    const whole = readFileSync(path);
    appendFileSync(path, '{"kind":"verdict","t":2,"verd');
    const r = readJournal(path);
    expect(r.ok && r.value.tornTail).toBe(true);
    expect(r.ok && r.value.records.map((x) => x.kind)).toEqual(['session', 'note']);

    const again = resumed(path);
    expect(again.repaired?.bytes).toBeGreaterThan(0);
    expect(readFileSync(again.repaired!.asidePath).length).toBe(again.repaired!.bytes);
    again.writer.append({ kind: 'note', t: 5, message: 'second session' });
    again.writer.close();
    expect(readFileSync(path).subarray(0, whole.length).equals(whole)).toBe(true);
    const after = readJournal(path);
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.tornTail).toBe(false);
    const marker = after.value.records.find((x) => x.kind === 'session' && x.session === 2);
    expect(marker).toMatchObject({ reason: 'resume', repairedTail: { asidePath: again.repaired!.asidePath } });
    // A second resume finds nothing to repair.
    expect(resumed(path).repaired).toBeUndefined();
  });

  it('refuses files that are not journals, naming the line and what is wrong', () => {
    const path = tmp();
    const write = (text: string) => writeFileSync(path, text);
    const line = JSON.stringify(header);
    write('{"kind":"note","t":0,"message":"x"}\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'NoHeader' } });
    write(JSON.stringify({ ...header, version: 9 }) + '\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'WrongFormat' } });
    write(`${line}\nnot json\n{"kind":"note","t":0,"message":"x"}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringContaining(':2: not a JSON record') },
    });
    write(`${line}\nnull\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringContaining(':2: not a journal record') },
    });
    write(`${line}\n{"kind":"verdict","t":1,"verdict":null}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringMatching(/:2: a verdict record needs/) },
    });
    write(`${line}\n{"kind":"line","t":"soon","dir":"in","line":"x"}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringMatching(/:2: a 'line' record needs a time/) },
    });
    // Operator actions are kept as typed: `agree` (every v4 journal so far), `attribute SIDE|none`.
    write(`${line}\n{"kind":"operator","t":1,"action":"agree"}\n{"kind":"operator","t":2,"action":"attribute none"}\n`);
    expect(readJournal(path)).toMatchObject({ ok: true });
    write(`${line}\n{"kind":"operator","t":1,"action":"attribute"}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringMatching(/:2: an operator record's action: attribute needs a side/) },
    });
    write(`${line}\n{"kind":"operator","t":1,"action":{"kind":"agree"}}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringMatching(/:2: an operator record needs its action/) },
    });
    write(`${line}\n{"kind":"session","t":0,"session":2,"startedAt":"x","reason":"resume"}\n`);
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadRecord', message: expect.stringMatching(/session 2 where session 1/) },
    });
    const { settings: _settings, ...noSettings } = header;
    write(JSON.stringify(noSettings) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadHeader', message: expect.stringMatching(/:1: journal header: settings are missing/) },
    });
    write(JSON.stringify({ ...header, calibration: '{}' }) + '\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'BadHeader', message: expect.stringMatching(/calibration/) } });
    write(JSON.stringify({ ...header, settings: { ...header.settings, firstPosition: 'nonsense' } }) + '\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'BadHeader', message: expect.stringMatching(/firstPosition/) } });
    // The journal names its game; an unknown one, or a setting the game rejects, is said as such.
    write(JSON.stringify({ ...header, ruleset: 'chess' }) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: {
        code: 'BadHeader',
        message: expect.stringContaining(`unknown ruleset 'chess'; the rulesets are ${BUILT_IN_RULESETS.ids.join(', ')}`),
      },
    });
    write(JSON.stringify({ ...header, settings: { ...header.settings, holdingGraceMs: -1 } }) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadHeader', message: expect.stringMatching(/settings.holdingGraceMs must be a number of ms >= 0/) },
    });
    // The computer's seat, when one plays: the side it has in game 1, the player that side is, a level.
    write(JSON.stringify({ ...header, computer: { player: 'B', side: 'black', level: 5 } }) + '\n');
    expect(readJournal(path)).toMatchObject({ ok: true, value: { header: { computer: { player: 'B', side: 'black', level: 5 } } } });
    write(JSON.stringify({ ...header, computer: { player: 'A', side: 'black', level: 5 } }) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadHeader', message: expect.stringMatching(/computer: the side black is player B's in game 1, not A's/) },
    });
    write(JSON.stringify({ ...header, computer: { player: 'B', side: 'black', level: 11 } }) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadHeader', message: expect.stringMatching(/computer: takes a level/) },
    });
    write(JSON.stringify({ ...header, computer: 'black' }) + '\n');
    expect(readJournal(path)).toMatchObject({
      ok: false,
      error: { code: 'BadHeader', message: expect.stringMatching(/computer must be/) },
    });
    write('');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'NoHeader' } });
    expect(readJournal('/no/such/journal')).toMatchObject({ ok: false, error: { code: 'Unreadable' } });
  });

  it('a version 1 journal (no session markers) reads as one session', () => {
    const path = tmp();
    writeFileSync(path, `${JSON.stringify({ ...header, version: 1 })}\n{"kind":"note","t":1,"message":"old"}\n`);
    const r = readJournal(path);
    expect(r.ok && r.value.sessions.map((s) => s.records.length)).toEqual([1]);
  });

  it('never overwrites a journal, and a closed journal refuses more records (a programming error, so it throws)', () => {
    const path = tmp();
    const w = created(path);
    expect(JournalWriter.create(path, header)).toMatchObject({ ok: false, error: { code: 'Exists' } });
    w.close();
    expect(() => w.append({ kind: 'note', t: 0, message: 'late' })).toThrow(/closed/);
  });
});
