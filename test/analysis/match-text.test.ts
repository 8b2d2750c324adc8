// A match record as text for the analysis: an SGN file's verdicts each with its line (so a move
// the engine refuses is said where it stands), a JSON export's without, and text that is
// neither refused with the reader's code and place.
import { describe, expect, it } from 'vitest';
import { analyseRecord, runThrough } from '../../src/analysis/analyse-match.ts';
import { readMatchText } from '../../src/analysis/match-text.ts';
import { rulesetById } from '../../src/games/registry.ts';
import { MATCH_EXPORT_FORMAT, MATCH_EXPORT_VERSION } from '../../src/store/exchange.ts';

const tags = (round: number, result: string, termination: string, points: string, score: string, extra = ''): string =>
  `[Event "Senryaku match"]
[Site "simulated board (seed 1)"]
[Date "2026.12.02"]
[Time "12:00:00"]
[Round "${round}"]
[Match "m1"]
[Board "0000002A"]
[Ruleset "senryaku"]
[${round === 1 ? 'White' : 'Black'} "Ada"]
[${round === 1 ? 'Black' : 'White'} "Bo"]
[PlayerA "Ada"]
[PlayerB "Bo"]
[Result "${result}"]
[Termination "${termination}"]
[Points "${points}"]
[Score "${score}"]
[Profile "reference-mega-2560"]
[Position "bbbBbbb/7/7/7/7/wwwWwww w - -"]
${extra}`;

// Game 1 (lines 1-22): a foul, a takeback, a crash. Game 2 (lines 24-44): the match's end.
const SGN = `${tags(1, '1-0', 'crash', '1-0', '1-0')}
1. c1-c2 b6-b5 {foul white NotYourSphere: the sphere on b5 is black's}
{takeback 1: white a1-b2} 2. a1-a2 d6-c5 3. c2-c3
{crash black toward white during lift at c5} 1-0

${tags(2, '0-1', 'capture', '0-2', '1-2', '[MatchResult "B"]\n')}
1. b1-c2 0-1
`;

describe('readMatchText', () => {
  it('gives each verdict of an SGN file the line that keeps it', () => {
    const read = readMatchText(SGN);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toMatchObject({ ruleset: 'senryaku', matchId: 'm1', players: { A: 'Ada', B: 'Bo' } });
    expect(read.value.verdicts.map((v) => [v.verdict.type, v.line])).toEqual([
      ['game-started', 18],
      ['move', 20],
      ['move', 20],
      ['foul', 20],
      ['move', 21], // the move taken back, then its takeback
      ['takeback', 21],
      ['move', 21],
      ['move', 21],
      ['move', 21],
      ['crash', 22],
      ['game-over', 22],
      ['game-started', 41],
      ['move', 44],
      ['game-over', 44],
      ['match-over', 42],
    ]);
  });

  it('lets the analysis name the line of a move the rules refuse', () => {
    const read = readMatchText(SGN.replace('*XX* ', '').replace('3. c2-c3', '3. c2-c5'));
    if (!read.ok) throw new Error(read.error.message);
    const engine = rulesetById('senryaku');
    if (!engine.ok || !engine.value.engine) throw new Error('senryaku has an engine');
    const analysis = runThrough(analyseRecord(engine.value.engine, read.value.verdicts, { depth: 1 }));
    expect(analysis.ok ? undefined : analysis.error).toMatchObject({ code: 'IllegalMove', line: 21 });
  });

  it("refuses text that is no match record with the reader's code, line and column", () => {
    const read = readMatchText(SGN.replace('1. b1-c2', '2. b1-c2'));
    expect(read.ok ? undefined : read.error).toEqual({
      code: 'BadMoveNumber',
      message: 'the move number due here is 1., found 2.',
      line: 44,
      column: 1,
    });
    const json = readMatchText('{"format": "other"}');
    expect(json.ok ? undefined : json.error.code).toBe('BadExport');
  });

  it('reads a JSON export, its verdicts without lines', () => {
    const doc = {
      format: MATCH_EXPORT_FORMAT,
      version: MATCH_EXPORT_VERSION,
      match: {
        matchId: 'm2',
        ruleset: 'surakarta',
        event: 'Surakarta match',
        startedAt: '2026-12-02T12:00:00.000Z',
        players: { A: 'Cy', B: 'Bo' },
        board: { key: 'k', site: 's' },
        settings: {},
      },
      verdicts: [{ seq: 1, verdict: { type: 'move', atMs: 0, side: 'light', move: 'a2-a3', position: '' } }],
    };
    const read = readMatchText(JSON.stringify(doc));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value).toEqual({
      ruleset: 'surakarta',
      matchId: 'm2',
      players: { A: 'Cy', B: 'Bo' },
      verdicts: [{ verdict: doc.verdicts[0]!.verdict }],
    });
  });
});
