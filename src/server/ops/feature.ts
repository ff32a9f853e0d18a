/*
 * Operations' part in the server's start-up (registered in src/server/runtime.ts): the alert
 * checks every minute (./alerts.ts) and, on the embedded database, the socket `npm run
 * db:backup` asks for a dump through (./backup.ts).
 */
import type { Feature } from '../runtime';
import { startAlertMonitor } from './alerts';
import { startOpsSocket, type OpsSocket } from './backup';

let stopMonitor: (() => Promise<void>) | undefined;
let socket: OpsSocket | undefined;

export const opsFeature: Feature = {
  name: 'ops',
  onStart: async (runtime) => {
    await stopMonitor?.();
    stopMonitor = startAlertMonitor({
      db: runtime.db,
      sendMail: runtime.sendMail,
      config: runtime.config,
      now: runtime.now,
    });
    if (runtime.database.kind === 'pglite' && runtime.database.pglite) {
      socket = await startOpsSocket({ dataDir: runtime.config.dataDir, pglite: runtime.database.pglite });
    }
  },
  onStop: async () => {
    await stopMonitor?.();
    stopMonitor = undefined;
    await socket?.close();
    socket = undefined;
  },
};
