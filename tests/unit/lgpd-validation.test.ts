/*
 * The pure parts of the data-subject requests: the /lgpd form's schema
 * (shared by the browser and the action) and how the admin's search term is normalised.
 */
import { describe, expect, it } from 'vitest';
import { dsrValidationMessages as m } from '~/copy/messages/lgpd';
import { MAX_INCLUDED, parseIdentifier, parseScopeChoice } from '~/lib/lgpd-identifier';
import { dsrSchema } from '~/lib/validation/dsr';

const valid = { tipo: 'portabilidade', nome: 'Rita Titular', email: 'rita@example.com' };
const firstMessage = (input: Record<string, unknown>) => {
  const result = dsrSchema.safeParse(input);
  return result.success
    ? undefined
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the "Exercer meus direitos" schema', () => {
  it('accepts a request, with the CPF unmasked and optional fields absent', () => {
    expect(dsrSchema.parse({ ...valid, cpf: '529.982.247-25' })).toMatchObject({ cpf: '52998224725' });
    expect(dsrSchema.parse(valid).cpf).toBeUndefined();
    expect(dsrSchema.parse({ ...valid, cpf: '' }).cpf).toBeUndefined();
  });

  it.each([
    ['tipo', { ...valid, tipo: 'outro' }, m.tipo],
    ['tipo', { ...valid, tipo: undefined }, m.tipo],
    ['nome', { ...valid, nome: 'R' }, m.nome],
    ['email', { ...valid, email: 'rita@' }, m.email],
    ['cpf', { ...valid, cpf: '529.982.247-24' }, m.cpf],
    ['cpf', { ...valid, cpf: '111.111.111-11' }, m.cpf],
    ['detalhes', { ...valid, detalhes: 'x'.repeat(2001) }, m.tooLong],
  ])('refuses a bad %s with its pt-BR message', (field, input, message) => {
    expect(firstMessage(input)?.[field]).toBe(message);
  });

  it('refuses control characters like every form', () => {
    expect(firstMessage({ ...valid, nome: 'Rita\u0000' })?.['nome']).toMatch(/caracteres/i);
  });
});

describe('parseIdentifier', () => {
  it.each([
    ['email', ' Ana@Example.COM ', 'ana@example.com'],
    ['phone', '(11) 98765-4321', '11987654321'],
    ['phone', '+55 11 98765-4321', '11987654321'],
    ['phone', '1140000000', '1140000000'],
    ['cpf', '529.982.247-25', '52998224725'],
  ])('%s %j → %s', (kind, raw, value) => {
    expect(parseIdentifier(kind, raw)).toEqual({ kind, value });
  });

  it.each([
    ['email', 'ana@'],
    ['email', ''],
    ['phone', '98765'],
    ['cpf', '529.982.247-24'],
    ['nome', 'Ana'],
  ])('%s %j → null', (kind, raw) => {
    expect(parseIdentifier(kind, raw)).toBeNull();
  });
});

describe('parseScopeChoice', () => {
  const ID = '3f2b8c1e-9d4a-4b7e-8f00-123456789abc';
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };

  it('keeps a request id and the possible matches included, each once', () => {
    expect(
      parseScopeChoice(
        form([
          ['requestId', ID],
          ['include', `lead:${ID}`],
          ['include', `implementacao:${ID}`],
          ['include', `lead:${ID}`],
        ]),
      ),
    ).toEqual({ requestId: ID, include: [`lead:${ID}`, `implementacao:${ID}`] });
  });

  it('drops what the pages never post, and bounds how many may be included', () => {
    expect(
      parseScopeChoice(
        form([
          ['requestId', 'x'],
          ['include', 'lead:1'],
          ['include', '<script>'],
          ['include', `LEAD:${ID}`],
          ['include', ID],
        ]),
      ),
    ).toEqual({ requestId: undefined, include: [] });
    expect(parseScopeChoice(undefined)).toEqual({ requestId: undefined, include: [] });
    const many = Array.from({ length: MAX_INCLUDED + 5 }, (_, i): [string, string] => [
      'include',
      `lead:${ID.slice(0, -4)}${String(i).padStart(4, '0')}`,
    ]);
    expect(parseScopeChoice(form(many)).include).toHaveLength(MAX_INCLUDED);
  });
});
