/*
 * The sales inbox: leads and implementation requests as the team works them (list, detail,
 * status, notes, assignment), their deliveries, reports and CSV export. Pages reach it as
 * `Astro.locals.runtime.inbox` (./inbox.service.ts); this file is what they may import.
 */
export type { InboxService } from './inbox.service';
export { DELIVERIES_PAGE_SIZE, kindTotal, OPEN_DELIVERY_STATUSES, openTotal, type DeliveryRow } from './delivery-list';
export { releasedWhenDone } from './export-slots';
export type { DuplicateLead, LeadDeliveryRow, LeadTimelineEntry, RelatedImplementation } from './lead-detail';
export type { LeadListRow } from './lead-list';
export { REPORT_DIMENSIONS, type ReportDimension } from './reports';
export type { DueFollowUp, NextStep } from './follow-ups';
