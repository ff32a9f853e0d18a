/*
 * The CSV writer for Excel in Brazil (src/lib/csv.ts): BOM, `;`, CRLF, quoting, dates,
 * formula injection, and a stream that reads rows only as the reader takes bytes. Files are
 * parsed back with an RFC 4180 reader written here, apart from the code under test.
 */
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvStream, csvText, type CsvColumn } from '../../src/lib/csv';
import { parseCsv } from '../support/csv-parse';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; bytes: Uint8Array }> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), bytes };
}

describe('csvText', () => {
  it.each([
    ['João da Silva', 'João da Silva'],
    ['Silva; Souza', '"Silva; Souza"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['linha 1\nlinha 2', '"linha 1\nlinha 2"'],
    ['linha 1\r\nlinha 2', '"linha 1\r\nlinha 2"'],
    [' espaço', '" espaço"'],
    ['', ''],
    // Formula injection: neutralised with a leading apostrophe.
    ['=HYPERLINK("http://x","clique")', `"'=HYPERLINK(""http://x"",""clique"")"`],
    ['+55 11 98765-4321', "'+55 11 98765-4321"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['a=b', 'a=b'],
    ['Silva, Souza', '"Silva, Souza"'],
    ['＝1+1', "'＝1+1"],
  ])('%j → %j', (input, expected) => {
    expect(csvText(input)).toBe(expected);
  });
});

/*
 * Cells a spreadsheet could run, whichever separator it splits on. Each is written as one
 * cell between two ordinary ones, read back with `;` and with `,`, and every cell read must
 * be inert: no formula sign after what a spreadsheet skips (spaces, controls, invisibles).
 * The signs and skipped characters are listed here apart from the code under test.
 */
const FORMULA_SIGNS = ['=', '+', '-', '@', '＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫', '−'];
function readsAsFormula(cell: string): boolean {
  const start = cell.replace(
    // eslint-disable-next-line no-control-regex -- the controls a spreadsheet skips are the point.
    /^[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]*/u,
    '',
  );
  return FORMULA_SIGNS.some((sign) => start.startsWith(sign));
}

const hostileCells = [
  '=HYPERLINK("http://x","clique")',
  '=HYPERLINK("http://x";"clique")',
  'Ana,=HYPERLINK("http://x","clique")',
  'Ana;=HYPERLINK("http://x";"clique")',
  'Ana, Bia,@SUM(A1:A2)',
  '＝HYPERLINK("http://x","clique")',
  '＋1+1',
  '－1+1',
  '＠SUM(A1:A2)',
  '﹦1+1',
  '−1+1',
  ' =1+1',
  '   +1+1',
  '\u00a0=1+1',
  '\u3000＝1+1',
  '\u200b=1+1',
  '\u202e=1+1',
  '\ufeff=1+1',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '\r\n=1+1',
  '\u001b=1+1',
  'Ana\r\n=1+1',
  'Ana\n@SUM(A1)',
  'Ana\t=1+1',
  '"=1+1',
  '",=1+1',
  'a"b,=1+1"',
];

describe('hostile cells', () => {
  it.each(hostileCells)('%j stays one inert cell with `;` and with `,`', (hostile) => {
    const line = csvLine(['antes', csvText(hostile), 'depois']);
    for (const separator of [';', ',']) {
      const rows = parseCsv(line, separator);
      expect(rows, separator).toHaveLength(1);
      const cells = rows[0]!;
      expect(cells.filter(readsAsFormula), separator).toEqual([]);
    }
    // With `;`, the file reads back as written, the apostrophe aside.
    expect(parseCsv(line)[0]).toEqual(['antes', readsAsFormula(hostile) ? `'${hostile}` : hostile, 'depois']);
  });

  it('quotes a number, whose decimal comma splits a cell where `,` is the separator', () => {
    expect(parseCsv(csvLine([csvCell(1234.5)]), ',')).toEqual([['1234,5']]);
  });
});

describe('csvCell', () => {
  it('writes dates in São Paulo time, as dd/mm/aaaa or with the time', () => {
    const lateUtc = new Date('2026-03-01T02:30:00Z');
    expect(csvCell(lateUtc)).toBe('28/02/2026');
    expect(csvCell(lateUtc, 'datetime')).toBe('28/02/2026 23:30');
    expect(csvCell(new Date('2026-11-23T12:05:00Z'), 'datetime')).toBe('23/11/2026 09:05');
    expect(csvCell(new Date('invalid'))).toBe('');
  });

  it('writes numbers with a decimal comma, quoted when it holds one (a negative number is a number, not a formula)', () => {
    expect(csvCell(1234.5)).toBe('"1234,5"');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes booleans, null and undefined', () => {
    expect([csvCell(true), csvCell(false), csvCell(null), csvCell(undefined)]).toEqual(['Sim', 'Não', '', '']);
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 'b'])).toBe('a;b\r\n');
  });
});

interface Lead {
  nome: string;
  celular: string;
  createdAt: Date;
  mensagem: string;
}

const columns: CsvColumn<Lead>[] = [
  { header: 'Nome', value: (lead) => lead.nome },
  { header: 'Celular', value: (lead) => lead.celular },
  { header: 'Data', value: (lead) => lead.createdAt },
  { header: 'Mensagem', value: (lead) => lead.mensagem },
];

describe('csvStream', () => {
  it('writes a file Excel in Brazil opens, which parses back to the values', async () => {
    const leads: Lead[] = [
      {
        nome: 'João Ávila',
        celular: '(11) 98765-4321',
        createdAt: new Date('2026-11-23T13:00:00Z'),
        mensagem: 'Olá; tudo bem?\nAté',
      },
      {
        nome: '=cmd|"/c calc"!A1',
        celular: '+5511987654321',
        createdAt: new Date('2026-11-24T02:00:00Z'),
        mensagem: '',
      },
    ];
    const { text, bytes } = await readAll(csvStream(columns, leads));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      ['Nome', 'Celular', 'Data', 'Mensagem'],
      ['João Ávila', '(11) 98765-4321', '23/11/2026', 'Olá; tudo bem?\nAté'],
      ['\'=cmd|"/c calc"!A1', "'+5511987654321", '23/11/2026', ''],
    ]);
  });

  it('writes only the header for no rows', async () => {
    expect((await readAll(csvStream(columns, []))).text).toBe(`${CSV_BOM}Nome;Celular;Data;Mensagem\r\n`);
  });

  it('pulls rows only as the reader reads, and closes the source when the reader cancels', async () => {
    let produced = 0;
    let closed = false;
    async function* many(): AsyncGenerator<Lead> {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield { nome: `Pessoa ${i}`, celular: '(11) 98765-4321', createdAt: new Date(0), mensagem: '' };
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(columns, many()).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // One chunk is ~16 KB of text: a few hundred rows, not the million.
    expect(produced).toBeLessThan(2_000);
    await reader.cancel();
    expect(closed).toBe(true);
  });

  it('streams a large export in bounded chunks that add up to every row', async () => {
    function* rows(): Generator<Lead> {
      for (let i = 0; i < 20_000; i++)
        yield { nome: `Pessoa ${i}`, celular: '(11) 98765-4321', createdAt: new Date(0), mensagem: 'x' };
    }
    const reader = csvStream(columns, rows()).getReader();
    let lines = 0;
    let largest = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      largest = Math.max(largest, value.byteLength);
      lines += new TextDecoder().decode(value).split('\r\n').length - 1;
    }
    expect(lines).toBe(20_001);
    expect(largest).toBeLessThan(64 * 1024);
  });
});
