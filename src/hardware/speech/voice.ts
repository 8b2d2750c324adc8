/**
 * The referee's voice (`senryaku referee --speak`): one narrow interface for what says a
 * sentence aloud, as the scoring board's displays are one (ScoreboardDisplay). espeak-ng on
 * the sound card (EspeakVoice), espeak-ng into WAV files where there is none (WavVoice), and
 * the tests' recording double all implement it.
 */
import type { CodedError, Result } from '../../util/result.ts';

/** Why a voice cannot speak on this machine: its program is not installed, it refused the voice asked for, or where it speaks to cannot be used. */
export type VoiceProblem = CodedError<'NotInstalled' | 'Refused' | 'NoOutput'>;

export interface Voice {
  /** Whether it can speak here: asked once, before the first sentence, so a missing program is said at start, not mid-match. */
  check(): Promise<Result<void, VoiceProblem>>;
  /**
   * Says `text`. A voice never talks over itself: what it was saying is cut, and only the
   * newest of the sentences given meanwhile is said next (a voice that writes files, which
   * nobody hears at once, may say each in turn instead).
   */
  say(text: string): void;
  /** Stops what it is saying and forgets what it was to say. */
  cancel(): void;
  /** Resolves once it has nothing left to say. */
  idle(): Promise<void>;
}
