/*
 * The CMS's field builders: each widget with its pt-BR label, and the patterns and messages of
 * src/lib/content-schemas.ts, so the CMS refuses what the build would.
 */
import {
  BRL_PRICE_MESSAGE,
  BRL_PRICE_PATTERN,
  LINK_MESSAGE,
  LINK_PATTERN,
  SITE_PATH_MESSAGE,
  SITE_PATH_PATTERN,
  SLUG_MESSAGE,
  WEB_ADDRESS_MESSAGE,
  WEB_ADDRESS_PATTERN,
} from '../lib/content-schemas';

export type Field = Record<string, unknown>;

export const str = (name: string, label: string, extra: Field = {}): Field => ({
  name,
  label,
  widget: 'string',
  ...extra,
});
export const txt = (name: string, label: string, extra: Field = {}): Field => ({
  name,
  label,
  widget: 'text',
  ...extra,
});
export const int = (name: string, label: string, extra: Field = {}): Field => ({
  name,
  label,
  widget: 'number',
  value_type: 'int',
  ...extra,
});
export const bool = (name: string, label: string): Field => ({
  name,
  label,
  widget: 'boolean',
  required: false,
  default: false,
});
export const price = (name: string, label: string, extra: Field = {}): Field =>
  str(name, label, {
    pattern: [BRL_PRICE_PATTERN, BRL_PRICE_MESSAGE],
    hint: 'Em reais, com vírgula: 59,90 ou 1.488,00.',
    ...extra,
  });
/** A full web address (http or https only), refused by the CMS as by the build. */
export const webAddress = (name: string, label: string, extra: Field = {}): Field =>
  str(name, label, { pattern: [WEB_ADDRESS_PATTERN, WEB_ADDRESS_MESSAGE], ...extra });
/** A page of this site, one slash first: /lgpd. */
export const sitePath = (name: string, label: string, extra: Field = {}): Field =>
  str(name, label, { pattern: [SITE_PATH_PATTERN, SITE_PATH_MESSAGE], ...extra });
/** A page of this site or an https:// address. */
export const link = (name: string, label: string, extra: Field = {}): Field =>
  str(name, label, {
    pattern: [LINK_PATTERN, LINK_MESSAGE],
    hint: 'Uma página do site, como /planos, ou um endereço com https://.',
    ...extra,
  });
/** A text with `{slot}` marks the site fills in: the CMS refuses it without each one, like the schema. */
export const slotted = (name: string, label: string, ...slots: string[]): Field => {
  const marks = slots.map((slot) => `{${slot}}`).join(' e ');
  return str(name, label, {
    hint: `${marks} ${slots.length > 1 ? 'são trocados' : 'é trocado'} pelo valor certo quando o texto aparece.`,
    pattern: [slots.map((slot) => `(?=[\\s\\S]*\\{${slot}\\})`).join(''), `O texto precisa conter ${marks}.`],
  });
};
/**
 * An image the editor uploads, and beside it its alt text: every image field comes as this pair.
 * The alt field is required whenever there is an image (the schemas' `requireAlt`): Decap cannot
 * make one field's requirement depend on another's value, so the save check refuses it
 * (save-checks.ts finds every pair in the config), in the schema's words.
 */
export const ALT_SUFFIX = 'Alt';
export const imageWithAlt = (name: string, label: string, extra: Field = {}): Field[] => [
  { name, label, widget: 'image', required: false, choose_url: false, ...extra },
  // Decap adds "(opcional)" to the label of a field it does not require: the hint says when it is.
  str(`${name}${ALT_SUFFIX}`, 'Texto alternativo da imagem', {
    required: false,
    hint: 'Obrigatório quando há imagem. Descreva a imagem para quem não a vê (leitores de tela, internet lenta), em poucas palavras: "Foto de Carol sorrindo". O site não publica uma imagem sem ele.',
  }),
];
export const order = int('order', 'Posição na lista', { hint: 'Números menores aparecem primeiro.' });
export const strings = (name: string, label: string): Field => ({
  name,
  label,
  widget: 'list',
  field: str('item', 'Item'),
});
export const cards = (name: string, label: string): Field => ({
  name,
  label,
  widget: 'list',
  fields: [str('title', 'Título'), txt('text', 'Texto')],
});
export const seoWith = (max: number): Field => ({
  name: 'seo',
  label: 'SEO (Google e redes sociais)',
  widget: 'object',
  fields: [
    str('title', 'Título da aba e do resultado de busca'),
    txt('description', `Descrição (50 a ${max} caracteres)`, {
      pattern: [`^[\\s\\S]{50,${max}}$`, `A descrição precisa ter de 50 a ${max} caracteres.`],
    }),
  ],
});
export const seo = seoWith(160);

export const obj = (name: string, label: string, fields: Field[], extra: Field = {}): Field => ({
  name,
  label,
  widget: 'object',
  fields,
  ...extra,
});
export const titledItems = (name: string, label: string): Field =>
  obj(name, label, [str('title', 'Título'), strings('items', 'Itens')]);
export const mockDashboard = (name: string, label: string, extra: Field[] = []): Field =>
  obj(
    name,
    label,
    [
      str('title', 'Título'),
      ...extra,
      { name: 'metrics', label: 'Indicadores', widget: 'list', fields: [str('label', 'Nome'), str('value', 'Valor')] },
      {
        name: 'rows',
        label: 'Linhas',
        widget: 'list',
        fields: [str('label', 'Descrição'), str('value', 'Valor'), str('status', 'Situação')],
      },
    ],
    { collapsed: true },
  );
export const labelled = (name: string, label: string, placeholder = true): Field =>
  obj(name, label, [str('label', 'Rótulo'), ...(placeholder ? [str('placeholder', 'Exemplo dentro do campo')] : [])]);
/** The monthly/annual price table's labels, as /planos and /gestao both show them. */
export const priceTableLabels: Field[] = [
  str('billingLabel', 'Nome da escolha mensal/anual (leitores de tela)'),
  str('monthlyLabel', 'Mensal'),
  str('annualLabel', 'Anual'),
  str('annualBadge', 'Selo de economia no anual'),
  str('perMonth', 'Sufixo do preço mensal'),
  str('annualTotalLabel', 'Rótulo do total anual'),
  str('regularPriceLabel', 'Rótulo do preço sem desconto (leitores de tela)'),
  obj('planFeatures', 'Linhas de cada plano ({n} é o valor do plano)', [
    str('properties', 'Imóveis'),
    {
      name: 'users',
      label: 'Usuários (singular e plural)',
      widget: 'list',
      min: 2,
      max: 2,
      field: str('item', 'Forma'),
    },
    str('storage', 'Armazenamento'),
    str('support', 'Suporte'),
  ]),
  str('popularBadge', 'Selo "Mais popular"'),
  str('cta', 'Botão de cada plano'),
];

export const planFields: Field[] = [
  str('name', 'Nome do plano'),
  txt('description', 'Descrição'),
  price('monthlyPrice', 'Preço mensal'),
  price('annualPrice', 'Preço anual (o ano inteiro, pago de uma vez)'),
  int('properties', 'Imóveis incluídos', { min: 1 }),
  int('users', 'Usuários', { min: 1 }),
  str('storage', 'Armazenamento', { hint: 'Como aparece na página: 5GB.' }),
  str('support', 'Suporte'),
  bool('popular', 'Selo "Mais popular"'),
  order,
];

/*
 * A new item's file name is made by the CMS from one of its fields (`identifier_field`), with
 * the site's slug settings (cms-config.ts: lowercase, accents dropped, anything outside ASCII
 * letters and digits a hyphen): "Imobiliária Sol & Mar" → imobiliaria-sol-mar. What can still
 * come out that the build refuses (SLUG_PATTERN) is nothing at all ("!!!", "日本"), an
 * underscore or a tilde (Decap keeps them), or a capital from one of a few rare letters Decap's
 * accent table turns into one (ɛ → E). The identifying field refuses those, with the build's
 * message, before the file exists; tests/unit/cms-identifiers.test.ts holds both sides to it.
 */
/** At least one letter or digit of the Latin alphabets Portuguese uses, and none of the rest. */
export const IDENTIFIER_PATTERN =
  '^(?=[\\s\\S]*[A-Za-z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF])[^_~\\u0190\\u0237\\u025B\\u0262\\u03FA\\u03FB\\u1D05\\u1D07\\u1D0E\\uA77B\\uA77C]*$';
export const IDENTIFIER_MESSAGE = `${SLUG_MESSAGE} O identificador (o nome do arquivo, e o endereço) é feito deste campo, sem acentos: use ao menos uma letra ou um número, e nem _ nem ~.`;

/** `field` with the identifier rule added (before its own pattern, if it has one). */
const asIdentifier = (field: Field): Field => {
  const own = field.pattern as [string, string] | undefined;
  if (!own) return { ...field, pattern: [IDENTIFIER_PATTERN, IDENTIFIER_MESSAGE] };
  const lookahead = `(?=${IDENTIFIER_PATTERN.slice(1, -1)}$)`;
  return { ...field, pattern: [`^${lookahead}${own[0].replace(/^\^/, '')}`, `${own[1]} ${IDENTIFIER_MESSAGE}`] };
};

export const folder = (
  name: string,
  label: string,
  labelSingular: string,
  fields: Field[],
  extra: Field = {},
): Field => {
  const identifier = (extra.identifier_field as string | undefined) ?? 'name';
  return {
    name,
    label,
    label_singular: labelSingular,
    folder: `content/${name}`,
    extension: 'yaml',
    format: 'yaml',
    create: true,
    delete: true,
    slug: '{{slug}}',
    identifier_field: identifier,
    sortable_fields: ['order', 'name'],
    fields: fields.map((field) => (field.name === identifier ? asIdentifier(field) : field)),
    ...extra,
  };
};
