/**
 * A service of the referee process rather than of one match: it lives across the matches
 * the process referees on its board (an MQTT connection, the web dashboard), and hears the
 * match being refereed from `attach` to `detach`.
 */
import type { SessionContext } from './referee-app.ts';
import type { Service } from './service.ts';

export interface HostService extends Service {
  /** A match began (or was resumed): the service hears it until `detach`. */
  attach(session: SessionContext): void;
  /** The match stopped (ended, replaced by a new one, or the board is being calibrated). */
  detach(): void;
}
