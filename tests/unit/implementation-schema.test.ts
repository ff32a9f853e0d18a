import { describe, expect, it } from 'vitest';
import { validationMessages } from '~/copy/messages/implementation';
import {
  IMPLEMENTATION_FIELDS,
  emptyImplementationForm,
  fieldErrors,
  implementationSchema,
  type ImplementationFormValues,
} from '~/lib/validation/implementation';

const cpfForm: ImplementationFormValues = {
  ...emptyImplementationForm,
  tipoDocumento: 'cpf',
  cpf: '529.982.247-25',
  nomeCompleto: '  Maria da Silva ',
  celular: '(11) 98765-4321',
  email: 'maria@example.com',
  emailAcesso: 'acesso@example.com',
  senha: 'segredo1',
};

const cnpjForm: ImplementationFormValues = {
  ...emptyImplementationForm,
  tipoDocumento: 'cnpj',
  cnpj: '12.abc.345/01de-35',
  razaoSocial: 'Imobiliária Exemplo Ltda.',
  responsavelCpf: '111.444.777-35',
  responsavelNome: 'João Souza',
  responsavelCelular: '(21) 3000-0000',
  responsavelEmail: 'joao@example.com',
  emailAcesso: 'acesso@example.com',
  senha: 'segredo1',
};

function errorsOf(values: Record<string, unknown>) {
  const result = implementationSchema.safeParse(values);
  expect(result.success).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
}

describe('implementation schema', () => {
  it('normalises a CPF request: masks removed, text trimmed, nothing of the CNPJ section kept', () => {
    const parsed = implementationSchema.parse({ ...cpfForm, cnpj: '11.222.333/0001-81', razaoSocial: 'ignored' });
    expect(parsed).toEqual({
      tipoDocumento: 'cpf',
      cpf: '52998224725',
      nomeCompleto: 'Maria da Silva',
      celular: '11987654321',
      email: 'maria@example.com',
      emailAcesso: 'acesso@example.com',
      senha: 'segredo1',
    });
  });

  it('normalises a CNPJ request, upper-casing an alphanumeric CNPJ', () => {
    const parsed = implementationSchema.parse({ ...cnpjForm, cpf: '529.982.247-25' });
    expect(parsed).toEqual({
      tipoDocumento: 'cnpj',
      cnpj: '12ABC34501DE35',
      razaoSocial: 'Imobiliária Exemplo Ltda.',
      responsavelCpf: '11144477735',
      responsavelNome: 'João Souza',
      responsavelCelular: '2130000000',
      responsavelEmail: 'joao@example.com',
      emailAcesso: 'acesso@example.com',
      senha: 'segredo1',
    });
  });

  it('keeps the password exactly as typed', () => {
    expect(implementationSchema.parse({ ...cpfForm, senha: ' a b c ' }).senha).toBe(' a b c ');
  });

  it.each(['cpf', 'nomeCompleto', 'celular', 'email'] as const)('CPF section: blank %s is required', (field) => {
    expect(errorsOf({ ...cpfForm, [field]: '   ' })).toEqual({ [field]: validationMessages.required });
  });

  it.each([
    'cnpj',
    'razaoSocial',
    'responsavelCpf',
    'responsavelNome',
    'responsavelCelular',
    'responsavelEmail',
  ] as const)('CNPJ section: blank %s is required', (field) => {
    expect(errorsOf({ ...cnpjForm, [field]: '' })).toEqual({ [field]: validationMessages.required });
  });

  it('a request with no fields at all asks for every required field with the spec texts', () => {
    expect(errorsOf({ tipoDocumento: 'cpf' })).toEqual({
      cpf: 'Todos os campos obrigatórios devem ser preenchidos',
      nomeCompleto: 'Todos os campos obrigatórios devem ser preenchidos',
      celular: 'Todos os campos obrigatórios devem ser preenchidos',
      email: 'Todos os campos obrigatórios devem ser preenchidos',
      emailAcesso: 'Email inválido',
      senha: 'Senha deve ter pelo menos 6 caracteres',
    });
  });

  it('an unknown or missing document type is refused', () => {
    expect(errorsOf({ ...cpfForm, tipoDocumento: 'rg' })).toEqual({
      tipoDocumento: 'Todos os campos obrigatórios devem ser preenchidos',
    });
    const { tipoDocumento: _omit, ...noType } = cpfForm;
    expect(Object.keys(errorsOf(noType))).toEqual(['tipoDocumento']);
  });

  it.each([
    ['emailAcesso', 'not-an-email'],
    ['emailAcesso', ''],
    ['email', 'maria@'],
  ] as const)('CPF: %s = %j is "Email inválido"', (field, value) => {
    expect(errorsOf({ ...cpfForm, [field]: value })).toEqual({ [field]: 'Email inválido' });
  });

  it('CNPJ: a malformed responsible e-mail is "Email inválido"', () => {
    expect(errorsOf({ ...cnpjForm, responsavelEmail: 'joao at example' })).toEqual({
      responsavelEmail: 'Email inválido',
    });
  });

  it.each(['', '12345'])('a password of %j is too short', (senha) => {
    expect(errorsOf({ ...cpfForm, senha })).toEqual({ senha: 'Senha deve ter pelo menos 6 caracteres' });
  });

  it('accepts a 6-character password', () => {
    expect(implementationSchema.safeParse({ ...cpfForm, senha: '123456' }).success).toBe(true);
  });

  it('check digits: "CPF inválido" and "CNPJ inválido"', () => {
    expect(errorsOf({ ...cpfForm, cpf: '529.982.247-26' })).toEqual({ cpf: 'CPF inválido' });
    expect(errorsOf({ ...cpfForm, cpf: '529.982.247' })).toEqual({ cpf: 'CPF inválido' });
    expect(errorsOf({ ...cnpjForm, cnpj: '12.ABC.345/01DE-36' })).toEqual({ cnpj: 'CNPJ inválido' });
    expect(errorsOf({ ...cnpjForm, responsavelCpf: '111.111.111-11' })).toEqual({ responsavelCpf: 'CPF inválido' });
  });

  it('phones need a real area code', () => {
    expect(errorsOf({ ...cpfForm, celular: '(20) 98765-4321' })).toEqual({ celular: validationMessages.phone });
    expect(errorsOf({ ...cnpjForm, responsavelCelular: '(11) 9876-54' })).toEqual({
      responsavelCelular: validationMessages.phone,
    });
  });

  it('the form knows every field the schema reads', () => {
    expect(Object.keys(emptyImplementationForm).sort()).toEqual([...IMPLEMENTATION_FIELDS].sort());
    const schemaFields = new Set([
      ...Object.keys(implementationSchema.options[0].shape),
      ...Object.keys(implementationSchema.options[1].shape),
    ]);
    expect([...schemaFields].sort()).toEqual([...IMPLEMENTATION_FIELDS].sort());
  });
});
