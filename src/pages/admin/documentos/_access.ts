/*
 * Who may download identity documents: the roles of the route's policy line (admins only,
 * src/server/auth/access-policy.ts). The admin guard in src/middleware.ts already refuses
 * everyone else before this endpoint runs; this check stays as a second lock in case the
 * endpoint is ever reached another way, and asks with the guard's own rule.
 */
import { hasRole, rolesForRoute } from '~/server/auth';

export function canDownloadDocuments(locals: App.Locals): boolean {
  return hasRole(locals.session, rolesForRoute('/admin/documentos/[id]'));
}
