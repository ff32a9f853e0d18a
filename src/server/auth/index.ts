/*
 * The auth feature's entry point: Better Auth (./auth.ts, built once per runtime in
 * src/server/compose.ts), the request helpers, admin:grant, and the runtime feature that
 * opens the local admin socket.
 */
import type { Feature } from '../runtime-types';
import { startAdminSocket } from './admin-socket';
import { mailPasswordLinkAsOperator } from './auth';

export * from './auth';
export { ACCOUNT_MAIL_LIMIT } from './account-mail';
export { CLIENT_IP_HEADER, INVALID_NAME_CODE } from './auth-hooks';
export { handleAuthRequest, authErrorMessage } from './http';
export { grantAdmin, AccountNotFoundError } from './admin-grant';
export { adminSocketPath } from './admin-socket';

/**
 * Runtime feature: on the embedded database, the admin socket for `npm run admin:grant`
 * (on PostgreSQL the CLI connects to the database directly). The socket is closed by the
 * stop this returns, so it lives in the runtime that opened it.
 */
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
