/*
 * The personal data of visit analytics (src/server/db/personal-data.ts has the shape): a
 * day's visitor key, then counts.
 */
import type { PersonalDataPart } from '../db/personal-data';

export const analyticsPersonalData: PersonalDataPart = {
  tables: {
    analytics_events: { holds: 'pseudonymous', kept: 'the day’s visitor key, RETENTION_ANALYTICS_EVENT_DAYS' },
    analytics_salts: { holds: 'none' },
    analytics_daily: { holds: 'none' },
    analytics_daily_dims: { holds: 'none' },
    analytics_daily_pairs: { holds: 'none' },
    // The day's admitted dimension values (pages, utm values): what visitors' links carried, never who.
    analytics_values: { holds: 'none' },
  },
};
