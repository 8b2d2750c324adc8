// SGN: the records a stored match is written as, read back strictly, and the same bytes
// again after an import.
import { describe, expect, it } from 'vitest';
import { exportMatch, formatSgn, importMatch, parseSgn, type SgnErrorCode } from '../../src/store/index.ts';
import { tempStore } from './helpers.ts';
import { INFO, NUMBERED } from './fixtures.ts';

const GAME_1 = `[Event "Senryaku match"]
[Site "port /dev/ttyACM0"]
[Date "2026.11.30"]
[Time "20:00:00"]
[Round "1"]
[Match "2026-11-30T20-00-00-000Z"]
[Board "0000002A"]
[Ruleset "senryaku"]
[White "Ada"]
[Black "Bo"]
[PlayerA "Ada"]
[PlayerB "Bo"]
[Result "0-1"]
[Termination "crash"]
[Points "0-2"]
[Score "0-2"]
[Profile "reference-mega-2560"]
[Position "start-1"]

1. b1-a2 {foul black TouchMove: black touched (the) piece on c6} 1... g6-f5
2. -- f5-e4 {crash white toward black during place at c3} 0-1
`;

function stored() {
  const store = tempStore();
  for (const { seq, verdict } of NUMBERED) store.recordVerdict(INFO, seq, verdict);
  return store;
}

describe('formatSgn', () => {
  it('writes a game as tag pairs and numbered move text, a pass as --, fouls and crashes as comments', () => {
    const store = stored();
    const text = formatSgn(store.match(INFO.matchId)!);
    expect(text.startsWith(`${GAME_1}\n[Event "Senryaku match"]`)).toBe(true);
    expect(text).toContain('[Round "2"]\n[Match "2026-11-30T20-00-00-000Z"]');
    expect(text).toContain('[White "Bo"]\n[Black "Ada"]');
    expect(text.endsWith('[MatchResult "B"]\n\n1. a1-b2 {forfeit black no-move: black has no legal move} 1-0\n')).toBe(true);
    store.close();
  });

  it('reads back what it wrote: export, import, export gives the same bytes', () => {
    const store = stored();
    const first = exportMatch(store, INFO.matchId, 'sgn');
    if (!first.ok) throw new Error(first.error.message);
    const parsed = parseSgn(first.value);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.info.players).toEqual(INFO.players);
    const again = tempStore();
    expect(importMatch(again, parsed.value)).toEqual({ ok: true, value: parsed.value.verdicts.length });
    const second = exportMatch(again, INFO.matchId, 'sgn');
    expect(second.ok && second.value).toBe(first.value);
    // Imported twice: stored once.
    expect(importMatch(again, parsed.value)).toEqual({ ok: true, value: 0 });
    // Into the store it was written from (which has every verdict): a conflict, nothing filed.
    const conflict = importMatch(store, parsed.value);
    expect(conflict.ok ? undefined : conflict.error.code).toBe('Conflict');
    store.close();
    again.close();
  });
});

describe('parseSgn', () => {
  const problem = (text: string): { code: SgnErrorCode; line: number; column: number } | undefined => {
    const r = parseSgn(text);
    return r.ok ? undefined : { code: r.error.code, line: r.error.line, column: r.error.column };
  };
  const edit = (from: string, to: string): string => {
    expect(GAME_1).toContain(from);
    return GAME_1.replace(from, to);
  };

  it('reads one record as a match of one game', () => {
    const r = parseSgn(GAME_1);
    expect(r.ok && r.value.verdicts.map((v) => v.verdict.type)).toEqual([
      'game-started',
      'move',
      'foul',
      'move',
      'move',
      'crash',
      'game-over',
    ]);
  });

  it.each([
    ['an empty file', '\n\n', { code: 'Empty', line: 1, column: 1 }],
    ['a tag line that is not a pair', edit('[Site "port /dev/ttyACM0"]', '[Site port]'), { code: 'BadTag', line: 2, column: 1 }],
    [
      'tags out of order',
      edit('[Date "2026.11.30"]\n[Time "20:00:00"]', '[Time "20:00:00"]\n[Date "2026.11.30"]'),
      { code: 'TagOrder', line: 3, column: 1 },
    ],
    ['a bad date', edit('2026.11.30', '30/11/2026'), { code: 'BadTagValue', line: 3, column: 1 }],
    ['a side tag naming no player', edit('[Black "Bo"]', '[Black "Cy"]'), { code: 'BadTagValue', line: 10, column: 1 }],
    ['a wrong move number', edit('2. -- f5-e4', '3. -- f5-e4'), { code: 'BadMoveNumber', line: 21, column: 1 }],
    ['a missing continuation number', edit('1... g6-f5', 'g6-f5'), { code: 'BadMoveNumber', line: 20, column: 66 }],
    ['a comment not closed', edit('at c3}', 'at c3'), { code: 'UnterminatedComment', line: 21, column: 13 }],
    [
      'a comment of no known kind',
      edit('{crash white toward black during place at c3}', '{nice move}'),
      { code: 'BadComment', line: 21, column: 13 },
    ],
    ['a foul of no known code', edit('TouchMove', 'Sneezed'), { code: 'BadComment', line: 20, column: 10 }],
    ['a result unlike the Result tag', edit('at c3} 0-1', 'at c3} 1-0'), { code: 'ResultMismatch', line: 21, column: 59 }],
    ['no result', edit(' 0-1\n', '\n'), { code: 'NoResult', line: 21, column: 13 }],
  ])('refuses %s with a code, a line and a column', (_what, text, expected) => {
    expect(problem(text)).toEqual(expected);
  });

  it('says where in its message', () => {
    const r = parseSgn(edit('2. -- f5-e4', '3. -- f5-e4'));
    expect(r.ok ? '' : r.error.message).toBe('line 21, column 1: the move number due here is 2., found 3.');
  });

  it('refuses two records of different matches', () => {
    const other = GAME_1.replace('[Round "1"]', '[Round "2"]').replace('2026-11-30T20-00-00-000Z', 'another');
    expect(problem(`${GAME_1}\n${other}`)).toEqual({ code: 'InconsistentMatch', line: 28, column: 1 });
  });
});
