/** The company's own facts, from content/settings/company.yaml (checked at build). */
import type { CompanyFacts } from '~/lib/content-schemas';
import * as file from '../../content/settings/company.yaml';

export const company = file as unknown as CompanyFacts;
