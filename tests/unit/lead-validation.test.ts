import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '~/copy/messages/lead';
import { formatLeadPhone, isLeadPhone } from '~/lib/phone';
import { leadSchema, requiresEmpresa } from '~/lib/validation/lead';

const valid = {
  nome: 'Ana Souza',
  email: 'ana@example.com',
  celular: '(11) 98765-4321',
  tipo: 'proprietario',
};

function errorsOf(input: Record<string, unknown>) {
  const result = leadSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('formatLeadPhone', () => {
  it.each([
    ['11987654321', '(11) 98765-4321'],
    ['(11)98765-4321', '(11) 98765-4321'],
    ['1198765432', '1198765432'],
    ['119876', '119876'],
    ['1234567890123456789', '123456789012345'],
    ['(11) 98765-43210', '(11) 98765-4321'],
    // A "+55" or trunk "0" being typed keeps room for the number after it.
    ['+55 11 98765-432', '+55 11 98765-432'],
  ])('%s → %s', (input, output) => {
    expect(formatLeadPhone(input)).toBe(output);
  });

  it('accepts only the (DD) XXXXX-XXXX shape', () => {
    expect(isLeadPhone('(11) 98765-4321')).toBe(true);
    expect(isLeadPhone('(11) 8765-4321')).toBe(false);
    expect(isLeadPhone('11987654321')).toBe(false);
  });
});

describe('leadSchema', () => {
  it.each(['+55 11 98765-4321', '+5511987654321', '5511987654321', '0 21 11 98765-4321', '(11) 98765-4321'])(
    'stores %s as the mobile "(11) 98765-4321"',
    (celular) => {
      expect(leadSchema.parse({ ...valid, celular }).celular).toBe('(11) 98765-4321');
    },
  );

  it('accepts a valid lead and trims it', () => {
    const parsed = leadSchema.parse({ ...valid, nome: '  Ana Souza ' });
    expect(parsed.nome).toBe('Ana Souza');
  });

  it.each([
    ['nome', { nome: 'A' }, m.nome],
    ['nome', { nome: '  ' }, m.nome],
    ['celular', { celular: '11987654321' }, m.celular],
    ['celular', { celular: '(55) 11987-6543' }, m.celular],
    ['celular', { celular: '(11) 3000-0000' }, m.celular],
    ['celular', { celular: '(11) 9876-4321' }, m.celular],
    ['email', { email: 'ana@' }, m.email],
    ['tipo', { tipo: '' }, m.tipo],
    ['tipo', { tipo: 'inquilino' }, m.tipo],
  ])('rejects %s with the spec message (%o)', (field, patch, message) => {
    expect(errorsOf({ ...valid, ...patch })[field]).toBe(message);
  });

  it.each(['imobiliaria', 'corretor', 'administrador'])('requires empresa for %s', (tipo) => {
    expect(errorsOf({ ...valid, tipo, empresa: '   ' })['empresa']).toBe(m.empresa);
    expect(errorsOf({ ...valid, tipo, empresa: 'Imobiliária Sol' })).toEqual({});
  });

  it('does not require empresa for proprietario', () => {
    expect(errorsOf({ ...valid, tipo: 'proprietario' })).toEqual({});
    expect(requiresEmpresa('proprietario')).toBe(false);
  });

  it('reports every message at once', () => {
    const errors = errorsOf({ nome: '', email: 'x', celular: '1', tipo: 'corretor' });
    expect(errors).toEqual({ nome: m.nome, email: m.email, celular: m.celular, empresa: m.empresa });
  });
});
