/**
 * The implementation form's fields, without the schema that checks them
 * (./implementation.ts): what the island needs as soon as it renders, so the validation
 * library can wait until the visitor starts filling the form in.
 */

export const TIPOS_DOCUMENTO = ['cpf', 'cnpj'] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/**
 * The fields that name what is missing when left empty (content/messages/implementation.yaml
 * `requiredFieldMessages`, whose keys src/lib/content-schemas.ts checks against this list).
 */
export const FIELDS_WITH_REQUIRED_MESSAGE = [
  'cpf',
  'nomeCompleto',
  'celular',
  'email',
  'cnpj',
  'razaoSocial',
  'responsavelCpf',
  'responsavelNome',
  'responsavelCelular',
  'responsavelEmail',
] as const;

/** Every text field the form has, across both document types. */
export const IMPLEMENTATION_FIELDS = [
  'tipoDocumento',
  ...FIELDS_WITH_REQUIRED_MESSAGE,
  'emailAcesso',
  'senha',
] as const;

export type ImplementationField = (typeof IMPLEMENTATION_FIELDS)[number];

/** The form's values as typed: one string per field of both sections. */
export type ImplementationFormValues = { tipoDocumento: TipoDocumento } & Record<
  Exclude<ImplementationField, 'tipoDocumento'>,
  string
>;

/** A blank form (document type CPF, the spec's default). */
export const emptyImplementationForm: ImplementationFormValues = {
  tipoDocumento: 'cpf',
  cpf: '',
  nomeCompleto: '',
  celular: '',
  email: '',
  cnpj: '',
  razaoSocial: '',
  responsavelCpf: '',
  responsavelNome: '',
  responsavelCelular: '',
  responsavelEmail: '',
  emailAcesso: '',
  senha: '',
};
