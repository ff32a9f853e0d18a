/*
 * The shape of every editable file under content/ (YAML data, Markdown pages), as zod schemas.
 * One set of rules judges an editor's change everywhere: the content collections
 * (src/content.config.ts) check it at build, the typed reader (src/lib/content-data.ts) checks it
 * for server code and tests, and the CMS (public/cms/config.yml) mirrors the patterns so a bad
 * value is refused before it is saved. Messages are pt-BR: the editor reads them.
 *
 * One module per kind of file under ./content-schemas/, all read from here. Loaded by Node
 * itself too (src/integrations/yaml-modules.mjs, at build), hence the `.ts` imports.
 */
export {
  BRL_PRICE_MESSAGE,
  BRL_PRICE_PATTERN,
  CLOCK_MESSAGE,
  IMAGE_ALT_MESSAGE,
  CLOCK_PATTERN,
  ISO_DATE_MESSAGE,
  ISO_DATE_PATTERN,
  LINK_MESSAGE,
  LINK_PATTERN,
  MONTH_DAY_MESSAGE,
  MONTH_DAY_PATTERN,
  SITE_PATH_MESSAGE,
  SITE_PATH_PATTERN,
  SLUG_MESSAGE,
  SLUG_PATTERN,
  WEB_ADDRESS_MESSAGE,
  WEB_ADDRESS_PATTERN,
  brlPrice,
} from './content-schemas/fields.ts';
export * from './content-schemas/blog.ts';
export * from './content-schemas/catalog.ts';
export * from './content-schemas/gestao-page.ts';
export * from './content-schemas/implementation-page.ts';
export * from './content-schemas/messages.ts';
export * from './content-schemas/parse.ts';
export * from './content-schemas/settings.ts';
export * from './content-schemas/site-pages.ts';
