import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriter, readJournal, type JournalHeader } from '../../src/app/journal.ts';
import { DEFAULT_PROFILE } from '../../src/rules/senryaku/profile.ts';

const header: JournalHeader = {
  kind: 'header',
  format: 'senryaku-journal',
  version: 1,
  matchId: 'test',
  startedAt: '2026-11-30T00:00:00.000Z',
  ruleset: 'senryaku',
  settings: {
    policy: 'casual',
    match: { trackLength: 6, colours: 'alternate' },
    players: { A: 'A', B: 'B' },
    placementGraceMs: 1500,
    holdingGraceMs: 2000,
    disagreementWindowMs: 750,
  },
  profile: DEFAULT_PROFILE,
  calibration: '{}',
  source: { kind: 'sim', seed: 1 },
};

const tmp = () => join(mkdtempSync(join(tmpdir(), 'senryaku-journal-')), 'match.jsonl');

describe('match journal', () => {
  it('reads back every record in order, and a resumed journal continues the same file', () => {
    const path = tmp();
    const w = JournalWriter.open(path, header);
    w.append({ kind: 'line', t: 1, dir: 'in', line: 'PING 0000*1234' });
    w.append({ kind: 'verdict', t: 2, verdict: { type: 'notice', message: 'hi', atMs: 2 } });
    w.close();
    const again = JournalWriter.open(path);
    again.append({ kind: 'note', t: 3, message: 'resumed' });
    again.close();
    const r = readJournal(path);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.header.matchId).toBe('test');
    expect(r.value.records.map((x) => x.kind)).toEqual(['line', 'verdict', 'note']);
    expect(r.value.tornTail).toBe(false);
  });

  it('a last record cut short by a crash is left out and said, the rest kept', () => {
    const path = tmp();
    const w = JournalWriter.open(path, header);
    w.append({ kind: 'note', t: 1, message: 'kept' });
    w.close();
    appendFileSync(path, '{"kind":"verdict","t":2,"verd');
    const r = readJournal(path);
    expect(r.ok && r.value.tornTail).toBe(true);
    expect(r.ok && r.value.records).toHaveLength(1);
  });

  it('refuses files that are not journals, with a code', () => {
    const path = tmp();
    writeFileSync(path, '{"kind":"note","t":0,"message":"x"}\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'NoHeader' } });
    writeFileSync(path, JSON.stringify({ ...header, version: 9 }) + '\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'WrongFormat' } });
    writeFileSync(path, JSON.stringify(header) + '\nnot json\n{"kind":"note","t":0,"message":"x"}\n');
    expect(readJournal(path)).toMatchObject({ ok: false, error: { code: 'BadRecord' } });
    expect(readJournal('/no/such/journal')).toMatchObject({ ok: false, error: { code: 'Unreadable' } });
  });

  it('a closed journal refuses more records (a programming error, so it throws)', () => {
    const w = JournalWriter.open(tmp(), header);
    w.close();
    expect(() => w.append({ kind: 'note', t: 0, message: 'late' })).toThrow(/closed/);
  });
});
