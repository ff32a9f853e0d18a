/*
 * What the reports page shows, named from the inbox service's face: the feature keeps its
 * row types to itself, and the page's sections take exactly what `runtime.inbox` answers.
 */
import type { InboxService } from '~/server/inbox';

type Answer = Awaited<ReturnType<InboxService['report']>>;
export type LeadReport = Answer['report'];
export type SalespersonRow = Answer['bySalesperson'][number];
export type DiscardBreakdown = Answer['discards'];
