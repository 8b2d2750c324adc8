/**
 * An engine's command line (`--engine CMD`) split into the program and its arguments as a
 * POSIX shell would split it, quotes and backslashes included, but with no shell: nothing is
 * expanded ($VAR, ~, globs, $(...)) and nothing else runs, so a setting cannot run two programs.
 */
import { err, ok, type CodedError, type Result } from '../../util/result.ts';

export type CommandLineProblem = CodedError<'EmptyCommand' | 'UnterminatedQuote' | 'TrailingBackslash'>;

/** Inside double quotes a backslash escapes only these (as in sh); elsewhere it stays. */
const ESCAPED_IN_DOUBLE = '"\\$`\n';

export function splitCommandLine(line: string): Result<readonly string[], CommandLineProblem> {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return err({ code: 'UnterminatedQuote', message: `a ' opened at character ${i + 1} is never closed` });
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length && ESCAPED_IN_DOUBLE.includes(line[j + 1]!)) j++;
        text += line[j];
      }
      if (j >= line.length) return err({ code: 'UnterminatedQuote', message: `a " opened at character ${i + 1} is never closed` });
      word = (word ?? '') + text;
      i = j;
    } else if (c === '\\') {
      if (i + 1 >= line.length) return err({ code: 'TrailingBackslash', message: 'the command line ends in a backslash' });
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  if (words.length === 0) return err({ code: 'EmptyCommand', message: 'the command line names no program' });
  return ok(words);
}
