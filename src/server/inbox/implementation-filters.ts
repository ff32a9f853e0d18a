/*
 * The implementation requests list's filters as SQL conditions: status, tipo de pessoa,
 * period, and the search.
 *
 * Search: requests are few next to leads (each one is a customer signing up), so there is
 * no search column; each term is a LIKE over the same folding the leads' column uses
 * (foldSearchSql, src/lib/search-text.ts), built in the query over names, e-mails and
 * razão social, plus the digits of phones and documents. A CNPJ typed with its mask
 * ("12.ABC.345/01DE-35") is also tried without the punctuation, as it is stored. The
 * reference the customer was given on saving (the id's first 8 characters, upper-cased:
 * src/lib/uuid.ts requestReference) finds its request in any case, as a range on the id.
 */
import { and, eq, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern, searchTerms, storedTerm } from '~/lib/search-text';
import { saoPauloDayStart } from '~/lib/time-zone';
import { referenceRange } from '~/lib/uuid';
import type { ImplementationFilters } from '~/lib/validation/implementation-inbox';
import { solicitacoesImplementacao as requests } from '../db/schema/implementation';
import { foldSearchSql } from '../db/schema/leads';

const DAY_MS = 86_400_000;
const nextDay = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Folded names, e-mails and razão social, then the digits (and letters, for a CNPJ) of documents and the phones, stored as digits. */
const searchable: SQL = sql`${foldSearchSql(
  sql`concat_ws(' ', ${requests.nomeCompleto}, ${requests.email}, ${requests.emailAcesso}, ${requests.razaoSocial}, ${requests.responsavelNome}, ${requests.responsavelEmail}, ${requests.cpf}, ${requests.cnpj}, ${requests.responsavelCpf})`,
)} || ' ' || concat_ws(' ', ${requests.celular}, ${requests.responsavelCelular})`;

/** Characters a typed CPF/CNPJ carries that the stored one does not. */
const DOCUMENT_PUNCTUATION = /[.\-/]/g;

/** The filters of a view as SQL conditions (ANDed). */
export function implementationFilterConditions(filters: ImplementationFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status.length) conditions.push(inArray(requests.status, filters.status));
  if (filters.tipo) conditions.push(eq(requests.tipoDocumento, filters.tipo));
  if (filters.de) conditions.push(gte(requests.createdAt, saoPauloDayStart(filters.de)));
  if (filters.ate) conditions.push(lt(requests.createdAt, saoPauloDayStart(nextDay(filters.ate))));
  const reference = referenceRange(filters.q ?? '');
  const terms = searchTerms(filters.q ?? '')
    .map(storedTerm)
    .map((term) => {
      const bare = term.replace(DOCUMENT_PUNCTUATION, '');
      const match = like(searchable, containsPattern(term));
      return bare && bare !== term ? or(match, like(searchable, containsPattern(bare)))! : match;
    });
  const byReference = reference && and(gte(requests.id, reference.from), lte(requests.id, reference.to));
  if (byReference && terms.length > 0) conditions.push(or(byReference, and(...terms))!);
  else conditions.push(...terms);
  return conditions;
}
