/*
 * A visit event as the beacon's endpoint hands it to the ingest (src/server/analytics): a
 * desktop page view of /planos with no attribution, changed where a test needs it.
 */
import type { EventInput } from '~/server/analytics/beacon-input';

export const aVisit = (overrides: Partial<EventInput> = {}): EventInput => ({
  kind: 'view',
  path: '/planos',
  referrer: '',
  source: '',
  medium: '',
  campaign: '',
  partner: '',
  cta: '',
  device: 'desktop',
  field: '',
  ...overrides,
});
