/*
 * Cookieless visit counting: the beacon's input (/api/visita), the roll-ups and the visit
 * reports (/admin/visitas). Pages reach it as `Astro.locals.runtime.analytics`
 * (./analytics.service.ts); this file is what they may import.
 */
export type { AnalyticsService } from './analytics.service';
export { beaconInput, MAX_BEACON_BYTES, pixelInput } from './beacon-input';
export type { VisitReport } from './visit-report';
export { pageRows, valueLabel, visitTables, type Cell, type VisitTable } from './visit-tables';
