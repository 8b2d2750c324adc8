// Which journaled verdicts a resume says again: those after the last `announced` mark.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalWriter, readJournal, type JournalHeader } from '../../src/journal/journal.ts';
import { unannouncedVerdicts } from '../../src/journal/resume.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { header } from './journal-fixture.ts';

const notice = (n: number): Verdict => ({ type: 'notice', message: `v${n}`, atMs: n });

/** A journal of two sessions: verdicts 1–3 with marks after 1 and 2, then (after a resume) 4–5 without one. */
function journal(h: JournalHeader, marks: boolean) {
  const path = join(mkdtempSync(join(tmpdir(), 'senryaku-repeat-')), 'match.jsonl.gz');
  const w = JournalWriter.create(path, h);
  if (!w.ok) throw new Error(w.error.message);
  for (const n of [1, 2, 3]) {
    w.value.append({ kind: 'verdict', t: n, verdict: notice(n) });
    if (marks && n < 3) w.value.append({ kind: 'announced', t: n, seq: n });
  }
  w.value.close();
  const again = JournalWriter.resume(path);
  if (!again.ok) throw new Error(again.error.message);
  for (const n of [4, 5]) again.value.writer.append({ kind: 'verdict', t: n, verdict: notice(n) });
  again.value.writer.close();
  const read = readJournal(path);
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
}

describe('unannounced verdicts', () => {
  it('are those after the last announced mark, numbered in the match across sessions', () => {
    expect(unannouncedVerdicts(journal(header, true))).toEqual([3, 4, 5].map((n) => ({ seq: n, verdict: notice(n) })));
  });

  it('without any mark in a journal that has marks (version 5): every verdict', () => {
    expect(unannouncedVerdicts(journal(header, false)).map((v) => v.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a journal older than the marks (version 4) counts as said in full, as its referee did', () => {
    expect(unannouncedVerdicts(journal({ ...header, version: 4 }, false))).toEqual([]);
  });

  it('a mark is a record the reader checks', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'senryaku-repeat-')), 'match.jsonl.gz');
    const w = JournalWriter.create(path, header);
    if (!w.ok) throw new Error(w.error.message);
    w.value.append({ kind: 'announced', t: 1, seq: -1 });
    w.value.close();
    const read = readJournal(path);
    expect(read.ok ? 'read' : read.error.message).toMatch(/:3: an announced mark needs a seq >= 0/);
  });
});
