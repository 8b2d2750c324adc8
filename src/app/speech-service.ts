/**
 * The referee's voice as a service of the run (`senryaku referee --speak`): it hears each
 * match's verdicts as the terminal does (`logged`, on the match's bus) and says the ones a
 * player acts on (src/presentation/spoken-verdict.ts) through a Voice (src/hardware/speech/):
 * espeak-ng on the sound card, or into WAV files.
 *
 * The verdicts of one moment (a move and the game's end it brings; a crash, the game's end
 * and the match's) come on the bus one after another in the same turn of the event loop:
 * they are said as one utterance once that turn is over, so the last does not cut the first.
 * A later moment cuts what is still being said (the voice never talks over itself). The
 * voice is checked when the service starts, before the board is opened, so a missing
 * espeak-ng stops the run at once with what to install, never mid-match. At stop the last
 * words are let finish, for at most `lastWordsMs` of real time: speech is heard in real
 * time, whatever the run's clock (a simulated run's is virtual).
 */
import { EspeakVoice } from '../hardware/speech/espeak-voice.ts';
import type { Voice } from '../hardware/speech/voice.ts';
import { WavVoice } from '../hardware/speech/wav-voice.ts';
import { spokenTogether, type SpeechTerms } from '../presentation/spoken-verdict.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import type { GameWords } from '../rulesets/words.ts';
import type { LoggedVerdict } from './event-bus.ts';
import type { MatchContext } from './match-context.ts';
import { ServiceStartError, type Service, type ServiceContext } from './service.ts';

export interface SpeechSettings {
  /** What the game calls its pieces and places. */
  readonly words: GameWords;
  /** Its pieces by their letter in the position notation, as its drawing names them ('b': 'black sphere'). */
  readonly pieceNames?: Readonly<Record<string, string>>;
  /** How long stop() lets the voice finish what it is saying (real time). */
  readonly lastWordsMs: number;
}

/** A run's --speak: espeak-ng's voice and rate, and `wavDir` to write each sentence to a WAV file there instead of the sound card. */
export interface SpeechPlan {
  readonly voice?: string;
  readonly rate?: number;
  readonly wavDir?: string;
}

/** How long the last words may take at stop: a long sentence on the sound card; a backlog of files on a busy machine. */
const LAST_WORDS_MS = { sound: 10_000, wav: 120_000 } as const;

/** What a game gives its voice: its words, and its pieces' names as its drawing gives them (lower case: said, not shown). */
export function gameSpeech(game: Ruleset): Pick<SpeechSettings, 'words' | 'pieceNames'> {
  const pieces = game.drawing?.pieces ?? [];
  return {
    words: game.words,
    ...(pieces.length ? { pieceNames: Object.fromEntries(pieces.map((p) => [p.letter, p.name.toLowerCase()])) } : {}),
  };
}

/** The speech service of a run's --speak with this game: espeak-ng on the sound card, or into WAV files. */
export function createSpeechService(context: ServiceContext<SpeechPlan>, game: Ruleset): SpeechService {
  const { wavDir, ...espeak } = context.settings;
  const onProblem = (message: string): void => context.notice('warn', `speech: ${message}`);
  const voice = wavDir !== undefined ? new WavVoice({ ...espeak, dir: wavDir, onProblem }) : new EspeakVoice({ ...espeak, onProblem });
  const lastWordsMs = wavDir !== undefined ? LAST_WORDS_MS.wav : LAST_WORDS_MS.sound;
  const terms = gameSpeech(game);
  return new SpeechService({ ...context, settings: { ...terms, lastWordsMs } }, voice);
}

export class SpeechService implements Service {
  readonly name = 'speech';
  private match: MatchContext | undefined;
  private terms: SpeechTerms | undefined;
  /** The verdicts heard in this turn of the event loop, said together when it is over. */
  private moment: Verdict[] = [];

  constructor(
    private readonly context: ServiceContext<SpeechSettings>,
    private readonly voice: Voice,
  ) {}

  async start(): Promise<void> {
    const can = await this.voice.check();
    if (!can.ok) throw new ServiceStartError(can.error.message);
  }

  attach(match: MatchContext): void {
    this.detach();
    const { words, pieceNames } = this.context.settings;
    const { A, B } = match.header.settings.players;
    this.match = match;
    this.terms = { words, players: { A, B }, ...(pieceNames ? { pieceNames } : {}) };
    match.bus.on('logged', this, (l) => this.hear(l));
  }

  /** Says what this match's last moment left unsaid: its verdicts were said while the referee stopped. */
  detach(): void {
    this.sayMoment();
    this.match?.bus.removeListeners(this);
    this.match = undefined;
  }

  async stop(): Promise<void> {
    this.detach();
    let bound: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      this.voice.idle(),
      new Promise<void>((resolve) => (bound = setTimeout(resolve, this.context.settings.lastWordsMs))),
    ]);
    clearTimeout(bound);
    this.voice.cancel();
  }

  private hear({ verdict }: LoggedVerdict): void {
    if (this.moment.length === 0) queueMicrotask(() => this.sayMoment());
    this.moment.push(verdict);
  }

  private sayMoment(): void {
    const moment = this.moment;
    this.moment = [];
    if (moment.length === 0 || !this.terms) return;
    const text = spokenTogether(moment, this.terms);
    if (text !== undefined) this.voice.say(text);
  }
}
