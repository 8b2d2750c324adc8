/** `--engine CMD` split as sh splits words, with nothing expanded and no shell. */
import { describe, expect, it } from 'vitest';
import { splitCommandLine } from '../../../src/app/engine/split-command-line.ts';
import { ok } from '../../../src/util/result.ts';

describe('splitCommandLine', () => {
  it.each([
    ['stockfish', ['stockfish']],
    ['  node   engine.js --level 3 ', ['node', 'engine.js', '--level', '3']],
    [`my\\ engine 'a b' "c \\"d\\" \\$e \\x" f'g'"h" ''`, ['my engine', 'a b', 'c "d" $e \\x', 'fgh', '']],
    ['echo $HOME ~ * $(rm -rf x) ; ls', ['echo', '$HOME', '~', '*', '$(rm', '-rf', 'x)', ';', 'ls']],
    ["'it''s'", ['its']],
  ])('%s', (line, words) => {
    expect(splitCommandLine(line)).toEqual(ok(words));
  });

  it.each([
    ['', 'EmptyCommand'],
    ['   ', 'EmptyCommand'],
    ["engine 'open", 'UnterminatedQuote'],
    ['engine "open \\"', 'UnterminatedQuote'],
    ['engine \\', 'TrailingBackslash'],
  ])('%j: %s', (line, code) => {
    const r = splitCommandLine(line);
    expect(r.ok ? 'ok' : r.error.code).toBe(code);
  });
});
