/*
 * Sign-in and the team: who may open what (the access policy), the guards pages and
 * endpoints ask, and the types of a session. Better Auth itself is `runtime.auth`, the team
 * and its invitations `runtime.team`. Nothing here loads Better Auth: the middleware imports
 * this on every request, and its auth route loads the handler on first use.
 */
export {
  ADMIN_ONLY,
  BLOG_TEAM,
  SALES_TEAM,
  classifyRequest,
  rolesForAction,
  rolesForRoute,
  type StaffRole,
} from './access-policy';
export { adminRefusal, hasRole, refuseUnlessAdmin } from './require-admin';
export { adminPage, type AdminPageGate } from './admin-page';
export { guardRequest, type CurrentSession, type SessionUser } from './guard';
export { CLIENT_IP_HEADER } from './wire-names';
export type { InvalidLink } from './invitation-accept';
export type { Auth } from './auth';
export type { TeamService } from './team.service';

/** Runs one request through Better Auth (./http.ts), loading it on the first call. */
export const handleAuthRequest: typeof import('./http').handleAuthRequest = async (...args) =>
  (await import('./http')).handleAuthRequest(...args);
