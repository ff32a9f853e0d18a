/*
 * The first admin page's data of a runtime (built in src/server/compose.ts), read by
 * ./dashboard.ts on the runtime's database.
 */
import type { ServiceDeps } from '../service-deps';
import { dashboardData, type DashboardData } from './dashboard';

export interface DashboardService {
  data(): Promise<DashboardData>;
}

export function createDashboardService(deps: Pick<ServiceDeps, 'db'>): DashboardService {
  return { data: () => dashboardData(deps.db) };
}
