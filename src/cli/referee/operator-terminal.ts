/**
 * Operator commands typed on the referee's terminal, one per line: `agree` ends the game by
 * agreement (where the game has that ending); `attribute SIDE|none` says who held the board in
 * the holding that ended the last game (RULES.md); `blind CELL empty|occupied` says what a
 * blind point (its load cell failed) holds now; `hint` asks the engine for the best move of the
 * side to move (the referee shows it); `new` starts a new match like the last on the
 * board, `calibrate` calibrates the board (each with `force` to leave a match under way). What
 * each did, or why it did nothing, is said on stderr.
 */
import { createInterface, type Interface } from 'node:readline';
import type { ControlAnswer, RefereeControl } from '../../app/referee-control.ts';
import type { Service, ServiceContext } from '../../app/service.ts';

/** What the operator may type, one command per line. */
const TERMINAL_COMMANDS = [
  'agree',
  'attribute SIDE|none',
  'blind CELL empty|occupied',
  'hint',
  'new [force]',
  'calibrate [force]',
] as const;

export class OperatorTerminal implements Service {
  readonly name = 'operator-terminal';
  private lines: Interface | undefined;

  constructor(
    /** `settings.input`: where the commands are read; none (stdin is not a terminal): nothing is read. */
    private readonly context: ServiceContext<{ readonly input: NodeJS.ReadableStream | undefined }>,
    private readonly control: RefereeControl,
  ) {}

  async start(): Promise<void> {
    const { input } = this.context.settings;
    if (!input) return;
    this.lines = createInterface({ input, terminal: false });
    this.lines.on('line', (text) => this.obey(text));
  }

  async stop(): Promise<void> {
    this.lines?.close();
    this.lines = undefined;
  }

  private obey(text: string): void {
    const { control } = this;
    const { io } = this.context;
    const said = (what: string) => (r: ControlAnswer) =>
      io.err(r.ok ? `${what}: ${JSON.stringify(r.value)}` : `senryaku referee: ${r.error}`);
    const [command, ...rest] = text.trim().split(/\s+/);
    const force = rest.length === 1 && rest[0] === 'force';
    if (command === undefined || command === '') return;
    if (command === 'agree' && rest.length === 0) void control.endGameByAgreement({}).then(said('agreed'));
    else if (command === 'attribute' && rest.length === 1) void control.attributeInterference({ to: rest[0] }).then(said('attributed'));
    else if (command === 'blind' && rest.length === 2)
      void control.reportBlindCell({ cell: rest[0], holds: rest[1] }).then(said('blind cell reported'));
    else if (command === 'hint' && rest.length === 0) void control.hint({}).then(said('hint'));
    else if (command === 'new' && (rest.length === 0 || force)) void control.newMatch(force ? { force } : {}).then(said('new match'));
    else if (command === 'calibrate' && (rest.length === 0 || force))
      void control.startCalibration(force ? { force } : {}).then(said('calibrated'));
    else io.err(`unknown command '${text.trim()}': type one of ${TERMINAL_COMMANDS.join(', ')} and Enter`);
  }
}
