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
