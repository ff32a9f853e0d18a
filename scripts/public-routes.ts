/**
 * Public routes every quality gate covers (Lighthouse, HTML validation, headers).
 * A new public page is added here once.
 */
export const AUDITED_ROUTES = [
  '/',
  '/sobre',
  '/funcionalidades',
  '/planos',
];
