/**
 * Verdicts and notices to the terminal: readable lines, or one JSON object per verdict with
 * --json (the verdict with its `seq` in the match, and `repeated: true` when a resume says
 * again a verdict journaled before the restart).
 */
import type { TextOutput } from '../util/text-output.ts';
import type { EventBus } from './event-bus.ts';
import type { Service } from './service.ts';
import { verdictText, type PlayerNames } from '../presentation/verdict-text.ts';
import type { GameWords } from '../rulesets/words.ts';
import type { JournalEvent } from '../journal/failover.ts';

/** Verdicts a person watching does not need to read (they are in the journal and the JSON output). */
const QUIET = new Set(['lifted', 'capture-started']);

/** How a storage event opens its line (the rest are faults). */
const STORAGE_LABEL: Partial<Record<JournalEvent['kind'], string>> = {
  recovered: 'RECOVERED',
  fallback: 'FALLBACK',
  unwritable: 'UNWRITABLE',
};

export class TerminalOutput implements Service {
  readonly name = 'terminal';

  constructor(
    private readonly bus: EventBus,
    private readonly io: TextOutput,
    private readonly json: boolean,
    private readonly words: GameWords,
    private readonly names?: PlayerNames,
  ) {}

  async start(): Promise<void> {
    this.bus.on('logged', this, ({ seq, verdict: v, repeated }) => {
      if (this.json) this.io.out(JSON.stringify({ ...v, seq, ...(repeated ? { repeated } : {}) }));
      else if (!QUIET.has(v.type)) this.io.out(`${repeated ? `(repeated, verdict ${seq}) ` : ''}${verdictText(v, this.words, this.names)}`);
    });
    this.bus.on('notice', this, (n) => {
      if (this.json) this.io.err(`${n.level}: ${n.message}`);
      else this.io.out(`${n.level === 'info' ? '' : `${n.level.toUpperCase()}: `}${n.message}`);
    });
    this.bus.on('storage', this, (e) => {
      // Loud on every stream: a person at the board, a program reading --json, and the log.
      const line = `JOURNAL ${STORAGE_LABEL[e.kind] ?? 'FAULT'}: ${e.message}`;
      this.io.err(line);
      this.io.out(this.json ? JSON.stringify({ type: 'storage', ...e }) : line);
    });
    this.bus.on('link', this, (s) => {
      if (s.state !== 'ready' && s.state !== 'connecting') this.io.err(`board link ${s.state}${s.detail ? `: ${s.detail}` : ''}`);
    });
  }

  async stop(): Promise<void> {
    this.bus.removeListeners(this);
  }
}
