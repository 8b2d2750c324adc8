/**
 * A HostService heard through one match: the session service RefereeApp's `services` take
 * (`(session) => Service`), which attaches the host service when the match's services start
 * and detaches it when they stop. What a composition root without a RefereeHost uses.
 */
import type { HostService } from '../app/host-service.ts';
import type { SessionContext } from '../app/referee-app.ts';
import type { Service } from '../app/service.ts';

export const attachedFor =
  (host: HostService) =>
  (session: SessionContext): Service => ({
    name: `${host.name} (this match)`,
    start: async () => host.attach(session),
    stop: async () => host.detach(),
  });

/**
 * A server started and stopped by its owner (the referee command starts the dashboard before
 * the board opens) as one of a RefereeHost's services: the host attaches and detaches it
 * with each match, and its start and stop are left to the owner.
 */
export const hostedBy = (host: HostService): HostService => ({
  name: host.name,
  start: async () => {},
  stop: async () => {},
  attach: (session) => host.attach(session),
  detach: () => host.detach(),
});
