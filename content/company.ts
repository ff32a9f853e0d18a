/**
 * The company's own facts that the spec does not give: contact channels, registration, the
 * app's address, the encarregado (LGPD) and the demo video. Every page, e-mail and legal text
 * reads them from content/site.ts, content/lgpd.ts and src/lib/content-data.ts (the /gestao video), which take them
 * from here, so launching is a change to this one file.
 *
 * A value still wrapped in `placeholder(…)` is a stand-in: `npm run build` warns about each
 * one, and a production build on Netlify fails while any is left, unless ALLOW_PLACEHOLDERS=1
 * says that is meant (README "Environment"). Replace `placeholder('…')` by the real value in
 * quotes to launch.
 *
 * No imports: astro.config.mjs reads this file before anything is built.
 */

const standIns = new Set<string>();

/** Marks a value as a stand-in until the real one replaces it. */
function placeholder<T extends string>(value: T): T {
  standIns.add(value);
  return value;
}

export const company = {
  /** Commercial phone, as shown. */
  phone: placeholder('(11) 4000-0000'),
  /** Business e-mail. */
  email: placeholder('contato@pilota.example'),
  /** WhatsApp number with country code, digits only (wa.me). */
  whatsappNumber: placeholder('5511900000000'),
  /** CNPJ, as shown on legal pages and in the footer. */
  cnpj: placeholder('00.000.000/0001-00'),
  /** Registered company name. */
  legalName: placeholder('Pilota Tecnologia Ltda.'),
  /** The product's web app, opened by 'Acessar'. */
  appUrl: placeholder('https://app.pilota.example'),
  /** Instagram profile. */
  instagramUrl: placeholder('https://www.instagram.com/pilota.example'),
  /** The appointed encarregado (LGPD art. 41): a person or the company acting as one. */
  encarregadoNome: placeholder('Mariana Duarte'),
  /** A mailbox the encarregado reads. */
  encarregadoEmail: placeholder('privacidade@pilota.example'),
  /** The demo video's YouTube id (shown on /gestao). */
  demoVideoId: placeholder('VIDEO_ID'),
} as const;

export type CompanyFact = keyof typeof company;

/**
 * The facts still holding a stand-in, by name.
 * @example pendingPlaceholders() // ['phone', 'email', …] until they are replaced
 */
export function pendingPlaceholders(): CompanyFact[] {
  return (Object.keys(company) as CompanyFact[]).filter((name) => standIns.has(company[name]));
}
