/*
 * Who may download identity documents: signed-in admins. The admin guard in
 * src/middleware.ts already refuses everyone else before this endpoint runs; this check
 * stays as a second lock in case the endpoint is ever reached another way.
 */
export function canDownloadDocuments(locals: App.Locals): boolean {
  return locals.user?.role === 'admin';
}
