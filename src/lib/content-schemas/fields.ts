/*
 * The field rules every content schema is built from: required texts in pt-BR, prices,
 * list positions, identifiers, SEO blocks, links, slots, and the patterns the CMS repeats
 * (src/cms/cms-config.ts) so a bad value is refused before it is saved.
 */
import { z } from 'zod';

export const text = (field: string) =>
  z
    .string({ error: `"${field}" é obrigatório.` })
    .trim()
    .min(1, `"${field}" não pode ficar vazio.`);

/** A price as an editor types it, "59,90" or "1.488,00", kept as integer cents (R$ 59,90 → 5990). */
export const BRL_PRICE_PATTERN = '^(\\d{1,3}(\\.\\d{3})+|\\d+),\\d{2}$';
export const BRL_PRICE_MESSAGE = 'Preço inválido: use reais e centavos com vírgula, como 59,90 ou 1.488,00.';

export const brlPrice = z
  .string({ error: (issue) => (issue.input === undefined ? 'Preço obrigatório, como 59,90.' : BRL_PRICE_MESSAGE) })
  .trim()
  .regex(new RegExp(BRL_PRICE_PATTERN), BRL_PRICE_MESSAGE)
  .transform((value) => Number(value.replace(/\./g, '').replace(',', '')));

/*
 * An image always comes with its alt text (what a screen reader says, and what shows when the
 * image does not load): the CMS puts the two fields side by side (src/cms/fields.ts) and refuses
 * to save the image without it (src/cms/save-checks.ts), and the build refuses the file.
 */
export const IMAGE_ALT_MESSAGE =
  'Toda imagem precisa de um texto alternativo: descreva a imagem em poucas palavras, como "Foto de Carol sorrindo".';
export const altText = z.string().trim().min(1, IMAGE_ALT_MESSAGE).optional();

/** The refinement that holds an image field to its alt-text field. */
export const requireAlt = (image: string, alt: string) => (item: Record<string, unknown>, context: z.RefinementCtx) => {
  if (item[image] !== undefined && !item[alt])
    context.addIssue({ code: 'custom', path: [alt], message: IMAGE_ALT_MESSAGE });
};

/** Where the item sits in its list: lower first. */
export const order = z.number({ error: '"order" (posição na lista) deve ser um número.' }).int();

/** An item's identifier (its file name, and its address where it has one): the CMS makes it from a name. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SLUG_MESSAGE = 'Identificador inválido: use letras minúsculas, números e hífens, como carol-imoveis.';

export const slug = z.string({ error: '"id" é obrigatório.' }).regex(new RegExp(SLUG_PATTERN), SLUG_MESSAGE);

export const card = z.object({ title: text('title'), text: text('text') });
export const seoWith = (max: number) =>
  z.object({
    title: text('title'),
    description: text('description').pipe(
      z
        .string()
        .min(50, 'A descrição (SEO) precisa de ao menos 50 caracteres.')
        .max(max, `A descrição (SEO) pode ter no máximo ${max} caracteres.`),
    ),
  });
export const seo = seoWith(160);

export const titledParagraphs = (field: string) =>
  z.object({ title: text(`${field}.title`), paragraphs: z.array(text(`${field}.paragraphs`)).min(1) });

export const titledItems = (field: string) =>
  z.object({ title: text(`${field}.title`), items: z.array(text(`${field}.items`)).min(1) });

/** Patterns and messages the CMS shares (src/cms/cms-config.ts). */
export const CLOCK_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const CLOCK_MESSAGE = 'Use horas e minutos, como 09:00.';
export const MONTH_DAY_PATTERN = '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
export const MONTH_DAY_MESSAGE = 'Use MM-DD, como 12-25.';
export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const ISO_DATE_MESSAGE = 'Use AAAA-MM-DD, como 2026-12-24.';

export const positiveInt = (field: string) =>
  z
    .number({ error: `"${field}" deve ser um número inteiro.` })
    .int(`"${field}" deve ser um número inteiro.`)
    .positive();

/*
 * Addresses an editor types, and where a visitor's click may lead: one protocol rule for all,
 * written as patterns the CMS repeats (src/cms/fields.ts). A web address is http(s) and names
 * a host (no `javascript:`, `data:` or `vbscript:`, no `user@` in front of the host); a site
 * path starts with exactly one slash, since `//evil.example` and `/\evil.example` lead a
 * browser to another host. No field is meant for mailto:, tel: or WhatsApp links: the code
 * builds those from the e-mail and the numbers.
 */
const HOST = String.raw`[^\s/?#@\\:]+(:\d{1,5})?`;
const SITE_PATH = String.raw`/(?![/\\])\S*`;
export const WEB_ADDRESS_PATTERN = String.raw`^https?://${HOST}([/?#]\S*)?$`;
export const WEB_ADDRESS_MESSAGE = 'Use um endereço completo começando com https://, como https://exemplo.com.br.';
export const SITE_PATH_PATTERN = `^${SITE_PATH}$`;
export const SITE_PATH_MESSAGE = 'Use um caminho do site começando com uma só barra, como /lgpd.';
export const LINK_PATTERN = String.raw`^(${SITE_PATH}|https://${HOST}([/?#]\S*)?)$`;
export const LINK_MESSAGE = 'Use um caminho do site começando com uma só barra (/planos) ou um endereço com https://.';

const addressRule = (field: string, pattern: string, message: string) => {
  const shape = new RegExp(pattern);
  return text(field).refine((value) => shape.test(value) && URL.canParse(value, 'https://site.invalid'), message);
};

/** A full web address (http or https), as a button or a profile link opens it. */
export const webAddress = (field: string) => addressRule(field, WEB_ADDRESS_PATTERN, WEB_ADDRESS_MESSAGE);

/** A page of this site: "/lgpd". */
export const sitePath = (field: string) => addressRule(field, SITE_PATH_PATTERN, SITE_PATH_MESSAGE);

/** A link inside the site ("/planos") or to another one ("https://…"). */
export const href = (field: string) => addressRule(field, LINK_PATTERN, LINK_MESSAGE);

/** A text with `{name}` slots the code fills (src/lib/fill-template.ts): each slot must be there. */
export const template = (field: string, ...slots: string[]) =>
  slots.reduce(
    (schema, slot) => schema.refine((value) => value.includes(`{${slot}}`), `"${field}" precisa conter {${slot}}.`),
    text(field),
  );

export const stringsOf = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((key) => [key, text(key)])) as Record<K, ReturnType<typeof text>>);
