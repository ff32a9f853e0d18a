/*
 * The auth services of one runtime: Better Auth, the security logger, and the local
 * admin socket. Built once per runtime and cached, so the middleware and the auth route
 * share the same instance.
 */
import type { Runtime } from '../runtime';
import { createSecurityLogger, type SecurityLogger } from '../security';
import { createAuth, type Auth } from './auth';
import { startAdminSocket, type AdminSocket } from './admin-socket';

export * from './auth';
export { handleAuthRequest, authErrorMessage } from './http';
export { grantAdmin, AccountNotFoundError } from './admin-grant';
export { adminSocketPath } from './admin-socket';

export interface AuthServices {
  auth: Auth;
  security: SecurityLogger;
}

type AuthRuntime = Pick<Runtime, 'db' | 'outbox' | 'config' | 'now'>;

const cache = new WeakMap<AuthRuntime, AuthServices>();

export function authServices(runtime: AuthRuntime): AuthServices {
  let services = cache.get(runtime);
  if (!services) {
    const security = createSecurityLogger({
      db: runtime.db,
      secret: runtime.config.authSecret ?? '',
      now: runtime.now,
    });
    const auth = createAuth({
      db: runtime.db,
      outbox: runtime.outbox,
      config: runtime.config,
      security,
      now: runtime.now,
    });
    services = { auth, security };
    cache.set(runtime, services);
  }
  return services;
}

let socket: AdminSocket | undefined;

/**
 * Runtime feature: on the embedded database, the admin socket for `npm run admin:grant`
 * (on PostgreSQL the CLI connects to the database directly).
 */
export const authFeature = {
  name: 'auth',
  onStart: async (runtime: Runtime) => {
    if (runtime.database.kind !== 'pglite') return;
    socket = await startAdminSocket({
      dataDir: runtime.config.dataDir,
      db: runtime.db,
      security: authServices(runtime).security,
    });
  },
  onStop: async () => {
    await socket?.close();
    socket = undefined;
  },
};
