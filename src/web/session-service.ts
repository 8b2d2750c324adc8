import type { HostService } from '../app/host-service.ts';

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
