/*
 * Rules a field's own pattern cannot hold, because they compare two fields: checked by the CMS
 * when the editor saves (Decap's `preSave` event), with the schema's message, so nothing is
 * written. Decap shows the refusal as "Falha ao persistir na entrada: <mensagem>" and keeps the
 * form as it was. Today: a plan's annual price may not pass 12 × its monthly price.
 *
 * The script runs in the CMS page: src/integrations/cms.mjs sends it as /cms/save-checks.js,
 * after Decap's bundle (which defines `window.CMS`); what it needs from the schemas comes in
 * `rules`, so the pattern and the message are the schema's own.
 */
import { ANNUAL_PRICE_MESSAGE, BRL_PRICE_PATTERN } from '../lib/content-schemas';

export interface SaveRules {
  /** Collections whose entries have monthlyPrice and annualPrice. */
  planCollections: string[];
  pricePattern: string;
  annualMessage: string;
}

export const saveRules: SaveRules = {
  planCollections: ['plans', 'gestao-plans'],
  pricePattern: BRL_PRICE_PATTERN,
  annualMessage: ANNUAL_PRICE_MESSAGE,
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
  cms.registerEventListener({
    name: 'preSave',
    handler: function (event) {
      var entry = event.entry;
      if (rules.planCollections.indexOf(String(entry.get('collection'))) < 0) return undefined;
      var data = entry.get('data');
      var monthly = cents(data.get('monthlyPrice'));
      var annual = cents(data.get('annualPrice'));
      if (monthly !== undefined && annual !== undefined && annual > 12 * monthly) {
        var refusal = new Error(rules.annualMessage);
        // Decap prints the error as text: without a name it is the message alone.
        refusal.name = '';
        throw refusal;
      }
      return undefined;
    },
  });
})`;

/** /cms/save-checks.js: the check above, run against Decap's registry (`window.CMS`) with the schemas' rules. */
export const saveChecksScript = (): string => `${SCRIPT}(window.CMS, ${JSON.stringify(saveRules)});\n`;
