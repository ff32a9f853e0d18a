/*
 * The lead a lead's page shows, named from the inbox service's face: the feature keeps its
 * row types to itself, and the page's sections take exactly what `runtime.inbox` answers.
 */
import type { InboxService } from '~/server/inbox';

export type LeadDetail = NonNullable<Awaited<ReturnType<InboxService['leadDetail']>>>;
