/*
 * Rules a field's own pattern cannot hold, because they compare two fields: checked by the CMS
 * when the editor saves (Decap's `preSave` event), with the schema's message, so nothing is
 * written. Decap shows the refusal as "Falha ao persistir na entrada: <mensagem>" and keeps the
 * form as it was. Today: a plan's annual price may not pass 12 × its monthly price, and an
 * image may not be saved without its alt text.
 *
 * The script runs in the CMS page: src/integrations/cms.mjs sends it as /cms/save-checks.js,
 * after Decap's bundle (which defines `window.CMS`); what it needs from the schemas comes in
 * `rules`, so the pattern and the message are the schema's own.
 */
import { ANNUAL_PRICE_MESSAGE, BRL_PRICE_PATTERN, IMAGE_ALT_MESSAGE } from '../lib/content-schemas';
import { cmsConfig } from './cms-config.ts';
import { ALT_SUFFIX, type Field } from './fields.ts';

/** An image field and its alt-text field, in a collection's entries (`file`: a files collection's entry). */
export interface ImagePair {
  collection: string;
  file?: string;
  image: string;
  alt: string;
}

/**
 * Every image field of the CMS with its alt field (`imageWithAlt`). Top-level fields only, which
 * is where images are today; tests/unit/cms-images.test.ts fails if one appears anywhere else.
 */
export function imagePairs(collections: Field[] = cmsConfig.collections): ImagePair[] {
  const pairsIn = (fields: unknown, where: Omit<ImagePair, 'image' | 'alt'>): ImagePair[] =>
    ((fields as Field[] | undefined) ?? [])
      .filter((field) => field.widget === 'image')
      .map((field) => ({ ...where, image: String(field.name), alt: `${String(field.name)}${ALT_SUFFIX}` }));
  return collections.flatMap((collection) => {
    const name = String(collection.name);
    if (!collection.files) return pairsIn(collection.fields, { collection: name });
    return (collection.files as Field[]).flatMap((file) =>
      pairsIn(file.fields, { collection: name, file: String(file.name) }),
    );
  });
}

export interface SaveRules {
  /** Collections whose entries have monthlyPrice and annualPrice. */
  planCollections: string[];
  pricePattern: string;
  annualMessage: string;
  images: ImagePair[];
  altMessage: string;
}

export const saveRules: SaveRules = {
  planCollections: ['plans', 'gestao-plans'],
  pricePattern: BRL_PRICE_PATTERN,
  annualMessage: ANNUAL_PRICE_MESSAGE,
  images: imagePairs(),
  altMessage: IMAGE_ALT_MESSAGE,
};

/*
 * The page's script, written out as text rather than taken from a compiled function: a bundler
 * or a test runner may add helpers to a function's source (esbuild's `__name`) that the CMS page
 * does not have. Decap's entries are Immutable.js Maps: `entry.get('data').get('annualPrice')`.
 * A price the price pattern refuses is left to that field's own message.
 */
const SCRIPT = `(function (cms, rules) {
  var shape = new RegExp(rules.pricePattern);
  function cents(value) {
    if (typeof value !== 'string' || !shape.test(value.trim())) return undefined;
    return Number(value.trim().replace(/\\./g, '').replace(',', ''));
  }
  function refuse(message) {
    var refusal = new Error(message);
    // Decap prints the error as text: without a name it is the message alone.
    refusal.name = '';
    throw refusal;
  }
  function filled(value) {
    return value !== undefined && value !== null && String(value).trim() !== '';
  }
  cms.registerEventListener({
    name: 'preSave',
    handler: function (event) {
      var entry = event.entry;
      var collection = String(entry.get('collection'));
      var data = entry.get('data');
      rules.images.forEach(function (pair) {
        if (pair.collection !== collection || (pair.file && pair.file !== entry.get('slug'))) return;
        if (filled(data.get(pair.image)) && !filled(data.get(pair.alt))) refuse(rules.altMessage);
      });
      if (rules.planCollections.indexOf(collection) < 0) return undefined;
      var monthly = cents(data.get('monthlyPrice'));
      var annual = cents(data.get('annualPrice'));
      if (monthly !== undefined && annual !== undefined && annual > 12 * monthly) refuse(rules.annualMessage);
      return undefined;
    },
  });
})`;

/** /cms/save-checks.js: the check above, run against Decap's registry (`window.CMS`) with the schemas' rules. */
export const saveChecksScript = (): string => `${SCRIPT}(window.CMS, ${JSON.stringify(saveRules)});\n`;
