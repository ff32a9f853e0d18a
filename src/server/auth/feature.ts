/*
 * The auth feature's part in the server's start-up (registered in src/server/runtime.ts):
 * on the embedded database, the admin socket for `npm run admin:grant` (on PostgreSQL the
 * CLI connects to the database directly). The socket is closed by the stop this returns,
 * so it lives in the runtime that opened it.
 */
import type { Feature } from '../runtime-types';
import { startAdminSocket } from './admin-socket';
import { mailPasswordLinkAsOperator } from './auth';

export const authFeature: Feature = {
  name: 'auth',
  onStart: async (runtime) => {
    if (runtime.database.kind !== 'pglite') return;
    const socket = await startAdminSocket({
      dataDir: runtime.config.dataDir,
      db: runtime.db,
      security: runtime.security,
      mailPasswordLink: (email) => mailPasswordLinkAsOperator(runtime.auth, email),
    });
    return () => socket.close();
  },
};
