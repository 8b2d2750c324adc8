/** The dashboard's port: listened on, or refused in one sentence a person can act on. */
import type { Server } from 'node:http';

/** The port is taken, or the address cannot be had: said in one sentence. */
export class DashboardListenError extends Error {
  override readonly name = 'DashboardListenError';
}

export function listen(http: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    http.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new DashboardListenError(
          e.code === 'EADDRINUSE'
            ? `the dashboard cannot listen on ${host}:${port}: the port is taken (--http HOST:PORT picks another, --http off turns it off)`
            : `the dashboard cannot listen on ${host}:${port}: ${e.code ?? e.message}`,
        ),
      ),
    );
    http.listen(port, host, () => resolve());
  });
}
