/*
 * The editors' YAML files, read and checked for code outside Astro pages: services, API
 * routes, JSON-LD, unit tests. Pages read the same files as content collections
 * (src/content.config.ts); both use the schemas in ./content-schemas, so there is one source
 * of truth and one set of rules. The text is bundled at build (Vite's `?raw`; import.meta.glob's options must be literals), so a deployed
 * function needs no file system, and a bad file stops the build with a pt-BR message.
 * Code that Vite does not load (Playwright tests, scripts) reads them with ./content-files.
 */
import enterpriseYaml from '../../content/pages/enterprise.yaml?raw';
import partnerPageYaml from '../../content/pages/partner-page.yaml?raw';
import interfaceYaml from '../../content/pages/interface.yaml?raw';
import featuresPageYaml from '../../content/pages/features-page.yaml?raw';
import plansPageYaml from '../../content/pages/plans-page.yaml?raw';
import gestaoYaml from '../../content/pages/gestao.yaml?raw';
import implementationPageYaml from '../../content/pages/implementation-page.yaml?raw';
import businessHoursYaml from '../../content/settings/business-hours.yaml?raw';
import { company } from '../copy/company';
import { terms } from '../copy/site';
import { demoVideoEmbedUrl } from './demo-video';
import {
  addOnSchema,
  businessHoursSchema,
  enterpriseSchema,
  gestaoPageSchema,
  gestaoPlanSchema,
  implementationPageSchema,
  faqSchema,
  featuresPageSchema,
  plansPageSchema,
  interfaceSchema,
  folderItems,
  type FolderOptions,
  pageData,
  partnerPageSchema,
  partnerSchema,
  planSchema,
} from './content-schemas';

/*
 * A file whose name cannot be an address stops the build (the message names it). The dev server
 * leaves it out instead and prints the same message: an editor who saved "imobiliária-sol-mar.yaml"
 * keeps a working site to fix it from, rather than an error on every page.
 */
const folderOptions: FolderOptions = import.meta.env.DEV
  ? { badName: 'skip', report: (message) => console.error(`\n[conteúdo] ${message}\n`) }
  : {};

/** The /planos table (also on partner pages), in the editors' order. */
export const plans = folderItems(
  import.meta.glob<string>('../../content/plans/*.yaml', { query: '?raw', import: 'default', eager: true }),
  planSchema,
  folderOptions,
);
/** The /gestao table, in the editors' order. */
export const gestaoPlans = folderItems(
  import.meta.glob<string>('../../content/gestao-plans/*.yaml', { query: '?raw', import: 'default', eager: true }),
  gestaoPlanSchema,
  folderOptions,
);
/** Add-on services; `priceCents` undefined means "Sob consulta". */
export const addOns = folderItems(
  import.meta.glob<string>('../../content/add-ons/*.yaml', { query: '?raw', import: 'default', eager: true }),
  addOnSchema,
  folderOptions,
);
export const enterprise = pageData('content/pages/enterprise.yaml', enterpriseYaml, enterpriseSchema);

/** Questions of /planos and /gestao (`page`), in the editors' order. */
export const faqs = folderItems(
  import.meta.glob<string>('../../content/faqs/*.yaml', { query: '?raw', import: 'default', eager: true }),
  faqSchema,
  folderOptions,
);

/** Known partners (content/partners/<slug>.yaml), active or not; src/lib/partner.ts decides. */
export const partners = folderItems(
  import.meta.glob<string>('../../content/partners/*.yaml', { query: '?raw', import: 'default', eager: true }),
  partnerSchema,
  folderOptions,
);
const partnerCopy = pageData('content/pages/partner-page.yaml', partnerPageYaml, partnerPageSchema);
/** Fallback name and UTM values used when the URL does not set them (SPEC §5). */
export const partnerDefaults = partnerCopy.defaults;
/** The token replaced by the partner's display name in the partner pages' copy. */
export const partnerPlaceholder = partnerCopy.placeholder;
export const partnerPage = partnerCopy;

/** The site's frame: menu, footer, shortcuts, 404 and legal-page labels. */
export const ui = pageData('content/pages/interface.yaml', interfaceYaml, interfaceSchema);

/** /funcionalidades' own copy (the tabs are `features`). */
export const featuresPage = pageData('content/pages/features-page.yaml', featuresPageYaml, featuresPageSchema);
/** /planos' own copy, also on partner pages' plan cards. */
export const plansPage = pageData('content/pages/plans-page.yaml', plansPageYaml, plansPageSchema);

const gestaoCopy = pageData('content/pages/gestao.yaml', gestaoYaml, gestaoPageSchema);
/**
 * /gestao's copy, with what is not the page's own text joined in: the section anchors the
 * buttons point to, the demo video's address (its id is company data), the implementation
 * fee (a commercial term) and the Enterprise box, the same file /planos shows.
 */
export const gestaoPage = {
  ...gestaoCopy,
  howItWorks: { ...gestaoCopy.howItWorks, id: 'como-funciona' },
  pricing: { ...gestaoCopy.pricing, id: 'planos' },
  video: { ...gestaoCopy.video, embedUrl: demoVideoEmbedUrl(company.demoVideoId) },
  implementationFee: { ...gestaoCopy.implementationFee, feeCents: terms.implementationFeeCents },
  enterprise: { eyebrow: enterprise.title, title: enterprise.heading, text: enterprise.text, cta: enterprise.cta },
};

const implementationCopy = pageData(
  'content/pages/implementation-page.yaml',
  implementationPageYaml,
  implementationPageSchema,
);
/** /implementacao-sistema's copy; `implementationForm` is handed to the form's island. */
export const implementationPage = implementationCopy;
export const implementationForm = implementationCopy.form;

/** When the sales team works: the reply promise's clock (src/lib/reply-deadline.ts). */
export const businessHours = pageData('content/settings/business-hours.yaml', businessHoursYaml, businessHoursSchema);

export type Plan = (typeof plans)[number];
