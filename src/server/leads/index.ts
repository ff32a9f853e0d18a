/*
 * Lead capture: the public form's leads, written at once or spooled while the database is
 * down (degraded mode) and replayed later. Actions reach it as `context.locals.runtime.leads`
 * (./lead.service.ts); this file is what they may import.
 */
export type { LeadRequestMeta, LeadResult, LeadService } from './lead.service';
