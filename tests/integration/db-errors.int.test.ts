/*
 * Bad input and a private log at their root: real failures of real databases (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set) judged by src/server/db/errors.ts and written
 * down by src/server/describe-error.ts. Only a failure to reach the database is
 * "unavailable"; a NUL byte or a duplicate key is the request's fault; and no description
 * ever carries a value of the failed query.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkInsert } from '~/server/db/bulk';
import { openDatabase } from '~/server/db/client';
import { databaseErrorKind, sqlState } from '~/server/db/errors';
import { contatos } from '~/server/db/schema';
import { describeError, safeFirstLine } from '~/server/describe-error';
import { safeRequest, withoutValues } from '~/server/http/safe-request';
import { allEngines, useTestDatabase } from '../support/db';
import { aLeadRow, type LeadRow } from '../support/leads';

const PERSONAL = {
  nome: 'Helena Sigilo',
  email: 'helena.sigilo@example.com',
  celular: '(11) 91234-5678',
};

const leadRow = (patch: Partial<LeadRow> = {}) =>
  aLeadRow({ id: randomUUID(), createdAt: new Date(), ...PERSONAL, consentVersion: 'v1', ...patch });

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

function expectNoValues(description: string) {
  for (const value of [...Object.values(PERSONAL), '91234', 'a\u0000b', 'params']) {
    expect(description).not.toContain(value);
  }
}

describe.each(allEngines)('database errors on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('a NUL byte in text (Drizzle insert) is "rejected", described by code and table only', async () => {
    const error = await failure(() => t.db.insert(contatos).values(leadRow({ mensagem: 'a\u0000b' })));
    expect(String((error as Error).message)).toContain(PERSONAL.email); // what must never reach the log
    expect(databaseErrorKind(error)).toBe('rejected');
    expect(sqlState(error)).toMatch(/^22/);
    const description = describeError(error);
    expect(description).toMatch(/^DrizzleQueryError → \w+ 22\w{3} table=contatos/);
    expectNoValues(description);
  });

  it('a NUL byte through the JSON bulk insert of the lead hot path is "rejected" too', async () => {
    const error = await failure(() => bulkInsert(t.db, contatos, [leadRow({ mensagem: 'a\u0000b' })]));
    expect(databaseErrorKind(error)).toBe('rejected');
    expectNoValues(describeError(error));
  });

  it('a database error no route caught reaches Astro as a twin without values, stack frames kept', async () => {
    const error = await failure(() => t.db.insert(contatos).values(leadRow({ mensagem: 'a\u0000b' })));
    const context = {
      request: new Request('http://localhost/qualquer', { method: 'GET' }),
      url: new URL('http://localhost/qualquer'),
      isPrerendered: false,
    };
    const thrown = await failure(() => safeRequest(context, () => Promise.reject(error)));
    expect(thrown).toBeInstanceOf(Error);
    const { message, stack } = thrown as Error;
    expect(message).toMatch(/22\w{3}/);
    expectNoValues(`${message}\n${stack}`);
    expect(stack).toMatch(/^\s+at /m);
    // Anything that is not a database error is Astro's to report as it is.
    const other = new TypeError('outra coisa');
    expect(withoutValues(other)).toBe(other);
  });

  it('a duplicate key is "rejected", with the constraint named and its values left out', async () => {
    const row = leadRow();
    await t.db.insert(contatos).values(row);
    const error = await failure(() => t.db.insert(contatos).values({ ...row, id: randomUUID() }));
    expect(sqlState(error)).toBe('23505');
    expect(databaseErrorKind(error)).toBe('rejected');
    const description = describeError(error);
    expect(description).toContain('constraint=');
    expectNoValues(description);
    expect(description).not.toContain(row.submissionKey);
  });

  it('a bug of ours (an unknown table) is "other": neither the request\'s fault nor an outage', async () => {
    const error = await failure(() => t.db.execute(sql`select * from tabela_que_nao_existe`));
    expect(sqlState(error)).toBe('42P01');
    expect(databaseErrorKind(error)).toBe('other');
  });

  it('a database that cannot be reached is "unavailable"', async () => {
    const dead =
      engine === 'pglite'
        ? await openDatabase({})
        : await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nada', maxConnections: 1 });
    if (engine === 'pglite') await dead.close();
    try {
      const error = await failure(() => dead.db.insert(contatos).values(leadRow()));
      expect(databaseErrorKind(error)).toBe('unavailable');
      expectNoValues(describeError(error));
    } finally {
      if (engine === 'postgres') await dead.close();
    }
  });
});

describe('describeError on errors that are not the database', () => {
  it('masks e-mail addresses, document-like digit runs and URL paths in a message', () => {
    expect(safeFirstLine('SMTP rejected ana.souza@example.com')).toBe('SMTP rejected [e-mail]');
    expect(safeFirstLine('CPF 529.982.247-25 and phone (11) 98765-4321')).toBe('CPF [número] and phone ([número]');
    expect(safeFirstLine('POST https://hooks.example.com/catch/123/abc?token=s3cr3t answered 500')).toBe(
      'POST [hooks.example.com] answered 500',
    );
    expect(safeFirstLine('attempt 3 of 11')).toBe('attempt 3 of 11');
  });

  it('keeps the class, the code and a short first line', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED\nsecond line'), { code: 'ECONNREFUSED' });
    expect(describeError(error)).toBe('Error ECONNREFUSED "connect ECONNREFUSED"');
    expect(databaseErrorKind(error)).toBe('unavailable');
    expect(describeError('texto solto')).toBe('non-Error string');
  });
});
