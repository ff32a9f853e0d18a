/**
 * CSV that opens correctly in Excel in Brazil, written row by row so an export of any
 * size holds one batch of rows in memory at a time (the leads list's export).
 *
 * - UTF-8 with a BOM: without it Excel reads the file as Windows-1252 ("JoÃ£o").
 * - `;` between cells and CRLF between rows: Excel with Brazilian regional settings
 *   splits on `;` (`,` is the decimal separator there); CRLF is RFC 4180's line end.
 * - A cell is quoted when it holds `;`, `,`, `"`, a tab, a line break or another control
 *   character, or starts or ends with a space; inner quotes are doubled. The comma matters
 *   too: Excel outside Brazil (or a person choosing the separator on import) splits on `,`,
 *   and an unquoted comma would start a new cell in the middle of a value.
 * - Dates as dd/mm/aaaa (or dd/mm/aaaa hh:mm) in São Paulo time, numbers with a decimal comma.
 * - Formula injection (OWASP "CSV Injection"): a text cell a spreadsheet could read as a
 *   formula (`=HYPERLINK(…)`, `@SUM(…)`) gets a leading `'`, which Excel shows as text and
 *   hides. "Could read" is wider than the first character: spreadsheets skip leading spaces,
 *   tabs, line breaks and invisible characters, and take the full-width and small forms of
 *   = + - @ (＝ ＋ － ＠, ﹦ ﹢ ﹣ ﹫) and the minus sign − as the ASCII ones. A phone typed
 *   as "+55 …" is therefore exported as "'+55 …", still readable. Only numbers given as
 *   numbers are written bare (quoted, since the decimal comma is a separator elsewhere).
 */

/** UTF-8 byte order mark, the file's first character. */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_LINE_END = '\r\n';
/** The response's Content-Type for a download. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | boolean | Date | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
  /** How a Date is written: `date` dd/mm/aaaa (default), `datetime` dd/mm/aaaa hh:mm. */
  dates?: 'date' | 'datetime';
}

const TIME_ZONE = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Characters a spreadsheet skips before it looks for a formula's sign: spaces, controls, invisibles. */
const SKIPPED_LEAD = '[\\p{White_Space}\\p{Cc}\\p{Cf}]*';
/** The signs that start a formula, in their ASCII, full-width and small forms, and the minus sign. */
const FORMULA_SIGNS = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20\\uFE66\\uFE62\\uFE63\\uFE6B\\u2212]';
const FORMULA_START = new RegExp(`^${SKIPPED_LEAD}${FORMULA_SIGNS}`, 'u');
/** A tab or control character starts the cell too: some readers take it as a separator or drop it. */
const CONTROL_START = /^[\p{Cc}]/u;
const NEEDS_QUOTES = /[;,"\p{Cc}]|^\s|\s$/u;

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell made safe for a spreadsheet: neutralised when it could start a formula,
 * quoted when it holds a separator, a quote or a line break.
 * @example csvText('=1+1')        // "'=1+1"
 * @example csvText('Silva; Souza') // '"Silva; Souza"'
 * @example csvText('Silva, Souza') // '"Silva, Souza"'
 * @example csvText(' ＝1+1')      // "\"' ＝1+1\""
 * @example csvText('diz "oi"')    // '"diz ""oi"""'
 */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) || CONTROL_START.test(text) ? `'${text}` : text;
  return quoted(safe);
}

/**
 * One cell: text through `csvText`, dates in São Paulo time, numbers with a decimal comma,
 * booleans as Sim/Não, null and undefined empty.
 * @example csvCell(new Date('2026-11-23T13:05:00Z'))             // "23/11/2026"
 * @example csvCell(new Date('2026-11-23T13:05:00Z'), 'datetime') // "23/11/2026 10:05"
 * @example csvCell(1234.5)                                       // '"1234,5"'
 */
export function csvCell(value: CsvValue, dates: 'date' | 'datetime' = 'date'): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const date = dateFormat.format(value);
    return dates === 'datetime' ? `${date} ${timeFormat.format(value)}` : date;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? quoted(String(value).replace('.', ',')) : '';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  return csvText(value);
}

/**
 * One line of cells, with its CRLF.
 * @example csvLine(['Nome', 'E-mail']) // "Nome;E-mail\r\n"
 */
export function csvLine(cells: readonly string[]): string {
  return cells.join(CSV_SEPARATOR) + CSV_LINE_END;
}

/** The header line (with the BOM before it) of a set of columns. */
export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return CSV_BOM + csvLine(columns.map((column) => csvText(column.header)));
}

/** One row's line. */
export function csvRow<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvLine(columns.map((column) => csvCell(column.value(row), column.dates)));
}

/** Roughly how much text is gathered before it is handed to the stream. */
const CHUNK_CHARS = 16 * 1024;

/**
 * The whole file as a byte stream, pulled: rows are read from `rows` only as fast as the
 * reader takes the bytes (a slow download holds a chunk, not the export). `rows` is
 * typically an async generator reading the database page by page; it is closed (its
 * `finally` runs) when the reader cancels.
 * @example new Response(csvStream(columns, leadsPages()), { headers: { 'content-type': CSV_CONTENT_TYPE } })
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row> | Iterable<Row>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<Row> | Iterator<Row> | undefined;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = '';
      if (!headerSent) {
        text = csvHeader(columns);
        headerSent = true;
      }
      iterator ??= Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
      while (text.length < CHUNK_CHARS) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvRow(columns, next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator?.return?.();
    },
  });
}
