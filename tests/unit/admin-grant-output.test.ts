/*
 * What `npm run admin:grant` prints about an unconfirmed account is read by the operator to
 * decide whether the account is theirs. Its name was typed by whoever signed up: nothing in
 * it may move the cursor, start a new line, recolour or reorder the text around it.
 */
import { describe, expect, it } from 'vitest';
import { awaitingConfirmationMessage, printableName } from '~/server/auth/admin-grant';

const CREATED = new Date('2026-03-02T15:04:00Z');

describe('admin:grant output of an account name', () => {
  const forgeries = [
    ['a line break and a forged date', 'Ana"), criada em 01/01/2020, 09:00) já confirmou.\nSe reconhece, promova'],
    ['a carriage return that rewrites the line', 'x\rA conta ana@exemplo.com é sua'],
    ['ANSI escapes that erase the line and recolour', 'Ana\u001b[2K\u001b[1A\u001b[32mOK\u001b[0m'],
    ['a bidi override', 'Ana \u202e0202/10/10\u202c'],
    ['Unicode line and paragraph separators', 'Ana\u2028Linha\u2029Parágrafo'],
    ['C1 controls and a zero-width joiner', 'Ana\u0085\u009b2K\u200d'],
  ] as const;

  it.each(forgeries)('prints %s as visible escapes, on one line', (_what, name) => {
    const message = awaitingConfirmationMessage('ana@exemplo.com', CREATED, name, 'admin');
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    // The name stays inside its quotes: the operator sees where it ends.
    const quoted = /\("((?:[^"\\]|\\.)*)", criada em /.exec(message);
    expect(quoted?.[1]).toBe(printableName(name));
    expect(message).toContain('criada em 02/03/2026');
  });

  it('shows a plain name as typed, accents included', () => {
    expect(printableName('Ana Conceição Ñúñez')).toBe('Ana Conceição Ñúñez');
    expect(awaitingConfirmationMessage('ana@exemplo.com', CREATED, 'Ana Souza', 'admin')).toContain(
      '("Ana Souza", criada',
    );
  });

  it('escapes quotes and backslashes, and cuts a long name', () => {
    expect(printableName('a"b\\c')).toBe('a\\"b\\\\c');
    expect(printableName('\n')).toBe('\\u{a}');
    const long = printableName('x'.repeat(5_000));
    expect(long).toBe(`${'x'.repeat(120)}…`);
  });
});
