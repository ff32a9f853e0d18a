/**
 * Accent- and case-insensitive search for the sales inbox: "Joao" finds "João", "SILVA"
 * finds "Silva", "98765 4321" finds "(11) 98765-4321".
 *
 * One character table does the folding, here and in the database: the leads table keeps
 * a generated column folded with SQL `translate(…, SEARCH_FOLD_FROM, SEARCH_FOLD_TO)`
 * (src/server/db/schema/leads.ts), and a query is folded with the same table by
 * `foldSearchText`, so both sides agree character for character on PGlite and on any
 * PostgreSQL, whatever its locale (SQL `lower()` and `unaccent` depend on the locale or on
 * an extension; a table does not). Letters outside the table are compared as typed.
 */
import { nationalPhoneDigits } from './phone';

/** Upper case and accented letters, each folded to the character at the same place in SEARCH_FOLD_TO. */
export const SEARCH_FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ' +
  'ÀÁÂÃÄÅàáâãäåĀāĂăĄą' +
  'ÇçĆćĈĉĊċČč' +
  'ĎďĐđ' +
  'ÈÉÊËèéêëĒēĔĕĖėĘęĚě' +
  'ĜĝĞğĠġĢģ' +
  'ĤĥĦħ' +
  'ÌÍÎÏìíîïĨĩĪīĬĭĮįİı' +
  'Ĵĵ' +
  'Ķķ' +
  'ĹĺĻļĽľĿŀŁł' +
  'ÑñŃńŅņŇň' +
  'ÒÓÔÕÖØòóôõöøŌōŎŏŐő' +
  'ŔŕŖŗŘř' +
  'ŚśŜŝŞşŠš' +
  'ŢţŤťŦŧ' +
  'ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲų' +
  'Ŵŵ' +
  'ÝýÿŶŷŸ' +
  'ŹźŻżŽž';

export const SEARCH_FOLD_TO =
  'abcdefghijklmnopqrstuvwxyz' +
  'aaaaaaaaaaaaaaaaaa' +
  'cccccccccc' +
  'dddd' +
  'eeeeeeeeeeeeeeeeee' +
  'gggggggg' +
  'hhhh' +
  'iiiiiiiiiiiiiiiiii' +
  'jj' +
  'kk' +
  'llllllllll' +
  'nnnnnnnn' +
  'oooooooooooooooooo' +
  'rrrrrr' +
  'ssssssss' +
  'tttttt' +
  'uuuuuuuuuuuuuuuuuuuu' +
  'ww' +
  'yyyyyy' +
  'zzzzzz';

const FOLD = new Map<string, string>();
{
  const from = [...SEARCH_FOLD_FROM];
  const to = [...SEARCH_FOLD_TO];
  if (from.length !== to.length) throw new Error('search fold tables differ in length');
  from.forEach((char, i) => FOLD.set(char, to[i]!));
}

/**
 * Folds text as the database's search column does: upper case to lower, accents off.
 * Composed accents typed as two characters (e + ◌́) are composed first.
 * @example foldSearchText('João Ávila') // "joao avila"
 * @example foldSearchText('AÇAÍ')       // "acai"
 */
export function foldSearchText(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFC')) folded += FOLD.get(char) ?? char;
  return folded;
}

/** Characters people type around phone digits. */
const PHONE_PUNCTUATION = /[\s()+.\-/]/g;

/** Most terms a query is split into; the rest are ignored. */
export const MAX_SEARCH_TERMS = 6;
/** Longest term kept (longer is cut): nothing stored is longer than an e-mail address. */
export const MAX_SEARCH_TERM_LENGTH = 254;

/**
 * What a free-text query searches for: folded terms that must all appear (in any order,
 * anywhere in name, e-mail, phone or empresa). A query that is only a phone number in any
 * spelling is one term of its digits, since the column keeps the phone as digits.
 * @example searchTerms('  Joao   SILVA ')  // ["joao", "silva"]
 * @example searchTerms('(11) 98765-4321')  // ["11987654321"]
 * @example searchTerms('joão@exemplo.com') // ["joao@exemplo.com"]
 */
export function searchTerms(query: string): string[] {
  const trimmed = query.trim();
  const digits = trimmed.replace(PHONE_PUNCTUATION, '');
  if (/^\d+$/.test(digits)) return [digits.slice(0, MAX_SEARCH_TERM_LENGTH)];
  const terms = foldSearchText(trimmed)
    .split(/\s+/)
    .filter((term) => term.length > 0)
    .map((term) => term.slice(0, MAX_SEARCH_TERM_LENGTH));
  return [...new Set(terms)].slice(0, MAX_SEARCH_TERMS);
}

/**
 * A term as the stored text is searched for it: digits that read as a whole phone behind a
 * "+55", "0055" or trunk prefix become the national digits phones are stored as. Those are a
 * tail of the term, so whatever the term found is still found.
 * @example storedTerm('5511987654321') // "11987654321"
 * @example storedTerm('joao')          // "joao"
 */
export function storedTerm(term: string): string {
  return nationalPhoneDigits(term) ?? term;
}

/**
 * A LIKE pattern matching `term` anywhere, with LIKE's own characters (`%`, `_`, `\`)
 * taken literally (backslash is PostgreSQL's default LIKE escape).
 * @example containsPattern('50%_off') // "%50\\%\\_off%"
 */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}
