/*
 * The public routes every quality gate covers: the JavaScript budget (size.ts), the HTML check,
 * the accessibility and header checks (tests/e2e/quality.e2e.ts) and, one route per template,
 * Lighthouse (audit.ts).
 * A new public page is added here once.
 */
import { readExamplePosts } from '../src/lib/content-files.ts';

const examplePosts = readExamplePosts();

/** Content pages: at most 15 KB of JavaScript before the first interaction. */
export const CONTENT_ROUTES = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/planos',
  '/contato',
  '/obrigado',
  '/termos-de-uso',
  '/politica-de-privacidade',
  '/lgpd',
  '/cookies',
  '/gestao',
  '/parceiro',
  '/parceiro/carol-imoveis',
  '/parceiro/maria-silva',
  '/carol-imoveis',
  '/blog',
  // A fresh server seeds the example posts, so one of them is always there to measure.
  `/blog/${examplePosts[0]!.slug}`,
];

/** Pages that are a form first: their island loads with the page, outside the budget. */
export const FORM_ROUTES = ['/implementacao-sistema'];

export const PUBLIC_ROUTES = [...CONTENT_ROUTES, ...FORM_ROUTES];

/**
 * Content routes that render a template another route of CONTENT_ROUTES already shows with
 * the same layout, components and scripts: the legal pages ([legal].astro, one markdown body
 * each) and the partner page under its vanity address (the same PartnerPage as
 * /parceiro/carol-imoveis). Lighthouse, which scores templates (performance, best practices,
 * SEO), audits the first route of each and skips these; axe, the HTML check and the
 * JavaScript budget still cover every route.
 */
export const SAME_TEMPLATE_ROUTES = ['/termos-de-uso', '/cookies', '/carol-imoveis'];

/** What `npm run audit -- content` measures: one content route per template and variant. */
export const AUDITED_CONTENT_ROUTES = CONTENT_ROUTES.filter((route) => !SAME_TEMPLATE_ROUTES.includes(route));

/**
 * Public but deliberately kept out of search results (noindex): the thank-you page and
 * partner pages for slugs not in content/partners/<slug>.yaml. Lighthouse's "is crawlable" check
 * does not apply to them.
 */
export const NOINDEX_ROUTES = ['/obrigado', '/parceiro/maria-silva'];
