/* A partner's display name from its slug, as the site's partner pages name it (the fallback for an unknown one). */
import { partners, partnerDefaults } from '~/lib/content-data';
import { partnerDisplayName } from '~/lib/partner';

export const partnerName = (slug: string): string => partnerDisplayName(partners, slug, partnerDefaults.fallbackName);
