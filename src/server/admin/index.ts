/*
 * The admin dashboard (/blog/admin): counts and the latest leads, implementation requests
 * and security events. Pages reach it as `Astro.locals.runtime.dashboard` (./dashboard.service.ts).
 */
export type { DashboardService } from './dashboard.service';
export type { DashboardData, ImplementationRow } from './dashboard';
