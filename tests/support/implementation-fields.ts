/*
 * The implementation form's fields as a customer fills them in, one set per kind of document
 * (CPF or CNPJ), for the integration files that post the form. `overrides` changes a field;
 * the sigilous set (implementation-input) checks that none of it reaches a log.
 */

export const IMPLEMENTATION_PASSWORD = 'minha senha secreta';

export const aCpfRequest = (overrides: Record<string, string> = {}): Record<string, string> => ({
  tipoDocumento: 'cpf',
  cpf: '529.982.247-25',
  nomeCompleto: 'Maria da Silva',
  celular: '(11) 98765-4321',
  email: 'maria@example.com',
  emailAcesso: 'acesso.maria@example.com',
  senha: IMPLEMENTATION_PASSWORD,
  ...overrides,
});

export const aCnpjRequest = (overrides: Record<string, string> = {}): Record<string, string> => ({
  tipoDocumento: 'cnpj',
  cnpj: '12.ABC.345/01DE-35',
  razaoSocial: 'Imobiliária Exemplo Ltda.',
  responsavelCpf: '111.444.777-35',
  responsavelNome: 'João Souza',
  responsavelCelular: '(21) 3000-0000',
  responsavelEmail: 'joao@example.com',
  emailAcesso: 'acesso.empresa@example.com',
  senha: IMPLEMENTATION_PASSWORD,
  ...overrides,
});
