/**
 * The web dashboard as a service of the run. It is the first to start, so its address is the
 * first thing said (and a taken port stops the run before a board is opened); the server
 * (src/web/) hears each match the run referees. What exists only once the board and the store
 * are open (the operator's seam, sim play, history) is handed to the server before it hears
 * the first match.
 */
import type { MatchContext } from '../../app/match-context.ts';
import { ServiceStartError, type Service, type ServiceContext } from '../../app/service.ts';
import type { BrokerUser } from '../../telemetry/broker.ts';
import { DashboardListenError, DashboardServer, type DashboardOptions } from '../../web/index.ts';

export interface DashboardSettings {
  readonly listen: { readonly host: string; readonly port: number };
  /** The settings' users: those with the operator role may log in. */
  readonly users: readonly BrokerUser[];
}

export type DashboardParts = Pick<DashboardOptions, 'control' | 'sim' | 'store'>;

export class DashboardService implements Service {
  readonly name = 'web-dashboard';
  private server: DashboardServer | undefined;
  private provided = false;

  constructor(
    private readonly context: ServiceContext<DashboardSettings>,
    /** Asked once, at the first match: the parts the server serves besides the match. */
    private readonly parts: () => DashboardParts,
  ) {}

  async start(): Promise<void> {
    const { settings, io } = this.context;
    const server = new DashboardServer({
      ...settings.listen,
      users: settings.users,
      notice: (_level, message) => io.err(`senryaku referee: ${message}`),
    });
    try {
      await server.start();
    } catch (e) {
      await server.stop();
      throw e instanceof DashboardListenError ? new ServiceStartError(e.message) : e;
    }
    this.server = server;
    io.err(`Dashboard: ${server.url}`);
  }

  attach(match: MatchContext): void {
    if (!this.server) return;
    if (!this.provided) this.server.provide(this.parts());
    this.provided = true;
    this.server.attach(match);
  }

  detach(): void {
    this.server?.detach();
  }

  async stop(): Promise<void> {
    await this.server?.stop();
    this.server = undefined;
  }
}
