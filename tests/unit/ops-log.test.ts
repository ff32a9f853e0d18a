/*
 * The log's second line of defence (src/server/log/personal-data.ts) and its two outputs:
 * personal data that slips into a message or a field is masked or redacted, ids are not.
 */
import { describe, expect, it } from 'vitest';
import { componentLogger, createLogger, redirectLog, writeRequestLine } from '~/server/log/logger';
import { maskPersonalData } from '~/server/log/personal-data';
import { formatPretty } from '~/server/log/pretty';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

describe('maskPersonalData', () => {
  it.each([
    ['lead from ana.souza@exemplo.com.br failed', 'lead from <e-mail> failed'],
    ['cpf 123.456.789-09 refused', 'cpf <cpf> refused'],
    ['cnpj 12.345.678/0001-95', 'cnpj <cnpj>'],
    ['call (11) 98765-4321 now', 'call <phone> now'],
    ['call 11 98765-4321', 'call <phone>'],
    ['+55 11 98765 4321', '<phone>'],
    ['digits 12345678909 and 11987654321', 'digits <number> and <number>'],
  ])('%s', (text, masked) => {
    expect(maskPersonalData(text)).toBe(masked);
  });

  it.each([
    'delivery 5a6a2e9b-da18-4e0b-8123-c8466bb2c99f attempt 2 failed (answered 500)',
    'request 708625d7-371b-4321-9876-123456789012',
    'webhook https://hooks.example #1a2b3c4d paused for 30 s after 20 failed attempts in a row',
    '[drain] next run at 2026-11-22T19:38:51.614Z',
    '2 attempted, 2 delivered, 0 failed in 273 ms',
  ])('leaves ids, times and counts alone: %s', (text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});

describe('the logger', () => {
  it('redacts fields named like personal data, at the top and one level down, and masks messages', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        email: 'ana@exemplo.com',
        lead: { nome: 'Ana Souza', celular: '(11) 98765-4321', id: 'l-1' },
        cookie: 'session=x',
      },
      'saved lead of ana@exemplo.com',
    );
    expect(lines[0]).toMatchObject({
      email: '[redacted]',
      lead: { nome: '[redacted]', celular: '[redacted]', id: 'l-1' },
      cookie: '[redacted]',
      msg: 'saved lead of <e-mail>',
      level: 'info',
    });
    expect(JSON.stringify(lines)).not.toMatch(/ana@|Ana Souza|98765|session=x/);
  });

  it('masks string fields too, and leaves the caller’s object as it was', () => {
    const { logger, lines } = capture();
    const fields = { detail: 'for 123.456.789-09' };
    logger.warn(fields, 'x');
    expect(lines[0]).toMatchObject({ detail: 'for <cpf>', level: 'warn' });
    expect(fields.detail).toBe('for 123.456.789-09');
  });
});

describe('componentLogger (the `log` a service takes)', () => {
  it('names its component once on every line, at the level the service chose', () => {
    const lines: string[] = [];
    const restore = redirectLog({ write: (line: string) => void lines.push(line) });
    try {
      componentLogger('jobs').warn('pg-boss error');
      componentLogger('deliveries').warn('no prefix here');
      componentLogger('leads').error('direct e-mail for lead l-1 failed');
    } finally {
      restore();
    }
    expect(lines.map((line) => line.match(/"component"/g)?.length)).toEqual([1, 1, 1]);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'warn', component: 'jobs', msg: 'pg-boss error' }),
      expect.objectContaining({ level: 'warn', component: 'deliveries', msg: 'no prefix here' }),
      expect.objectContaining({ level: 'error', component: 'leads', msg: 'direct e-mail for lead l-1 failed' }),
    ]);
  });
});

describe('the request line', () => {
  it('is one JSON object in the logger’s shape, whatever the route holds', () => {
    const lines: string[] = [];
    const restore = redirectLog({ write: (line: string) => void lines.push(line) });
    try {
      writeRequestLine({ reqId: 'r-1', method: 'GET', route: '/a "b"\\c', status: 200, ms: 1.5 });
      writeRequestLine({ reqId: 'r-2', method: 'POST', route: null, status: 499, ms: 0, aborted: true });
    } finally {
      restore();
    }
    expect(lines.every((line) => line.endsWith('}\n'))).toBe(true);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        level: 'info',
        reqId: 'r-1',
        method: 'GET',
        route: '/a "b"\\c',
        status: 200,
        ms: 1.5,
        msg: 'request',
      }),
      expect.objectContaining({ reqId: 'r-2', route: null, status: 499, aborted: true, msg: 'request' }),
    ]);
    expect(typeof (JSON.parse(lines[0]!) as { time: unknown }).time).toBe('string');
  });
});

describe('pretty output', () => {
  it('a request line and a component line, for a person at a terminal', () => {
    expect(
      formatPretty(
        JSON.stringify({
          level: 'info',
          time: '2026-11-22T19:38:52.164Z',
          reqId: '5a6a2e9b-da18',
          method: 'GET',
          route: '/metrics',
          status: 200,
          ms: 3.4,
          msg: 'request',
        }),
      ),
    ).toBe('19:38:52 INFO  GET /metrics 200 3.4 ms #5a6a2e9b');
    expect(
      formatPretty(
        JSON.stringify({
          level: 'warn',
          time: '2026-11-22T19:38:52.164Z',
          component: 'alerts',
          alert: 'delivery-backlog',
          msg: 'stuck',
        }),
      ),
    ).toBe('19:38:52 WARN  [alerts] stuck alert=delivery-backlog');
  });
});
