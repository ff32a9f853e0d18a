/*
 * Operations' part in the server's start-up (registered in src/server/runtime.ts): the alert
 * checks every minute (./alerts.ts), the housekeeping timer (../housekeeping.ts: expired
 * uploads and stale counters deleted, space given back) and, on the embedded database, the
 * socket `npm run db:backup` asks for a dump through (./backup.ts). All are closed by the
 * stop `onStart` returns, so they belong to the runtime that started them.
 */
import { describeError } from '../describe-error';
import { startHousekeeping } from '../housekeeping';
import { componentLogger } from '../log/logger';
import type { Feature } from '../runtime-types';
import { startAlertMonitor } from './alerts';
import { startOpsSocket, type OpsSocket } from './backup';

const log = componentLogger('ops');

export const opsFeature: Feature = {
  name: 'ops',
  onStart: async (runtime) => {
    const stopMonitor = startAlertMonitor({
      db: runtime.db,
      sendMail: runtime.sendMail,
      config: runtime.config,
      now: runtime.now,
    });
    const stopHousekeeping = startHousekeeping({
      db: runtime.db,
      pglite: runtime.database.kind === 'pglite' ? runtime.database.pglite : undefined,
      now: runtime.now,
      log: componentLogger('housekeeping'),
    });
    let socket: OpsSocket | undefined;
    if (runtime.database.kind === 'pglite' && runtime.database.pglite) {
      // Logged as the runtime logs a failed start; the alert checks go on without the socket.
      socket = await startOpsSocket({ dataDir: runtime.config.dataDir, pglite: runtime.database.pglite }).catch(
        (error: unknown) => void log.error(`start: ${describeError(error)}`),
      );
    }
    return async () => {
      await stopMonitor();
      await stopHousekeeping();
      await socket?.close();
    };
  },
};
