/**
 * Every text the implementation request shows about its own state: validation messages
 * (SPEC §5), file messages, submit-button phases (SPEC §2), success and error toasts
 * (SPEC §8). The browser form, the server endpoint and the tests import these; quoted
 * spec texts are verbatim.
 */

export const validationMessages = {
  required: 'Todos os campos obrigatórios devem ser preenchidos',
  email: 'Email inválido',
  senha: 'Senha deve ter pelo menos 6 caracteres',
  cpf: 'CPF inválido',
  cnpj: 'CNPJ inválido',
  /** Not in the spec, which checks phones only by mask: a phone with no real area code. */
  phone: 'Celular inválido',
} as const;

/**
 * Not in the spec, which shows its one required text under every empty field: each empty
 * field's own message. The form shows the spec's text once, as the summary by the button.
 */
export const requiredFieldMessages = {
  cpf: 'Informe o CPF',
  nomeCompleto: 'Informe o nome completo',
  celular: 'Informe o celular',
  email: 'Informe o e-mail',
  cnpj: 'Informe o CNPJ',
  razaoSocial: 'Informe a razão social',
  responsavelCpf: 'Informe o CPF do responsável',
  responsavelNome: 'Informe o nome do responsável',
  responsavelCelular: 'Informe o celular do responsável',
  responsavelEmail: 'Informe o e-mail do responsável',
} as const;

export const fileMessages = {
  invalid: { title: 'Arquivo inválido', description: 'Apenas arquivos PDF, JPG ou PNG são aceitos.' },
  tooLarge: { title: 'Arquivo muito grande', description: 'O arquivo deve ter no máximo 5MB.' },
  attached: { title: 'Arquivo anexado' },
} as const;

/**
 * Not in the spec, which uploads each file in one request: what the chunked upload answers
 * when the document did not arrive whole. Shown after 'Não foi possível fazer upload do arquivo:'.
 */
export const uploadMessages = {
  incomplete: 'O envio do arquivo ficou incompleto. Tente novamente.',
  corrupted: 'O arquivo chegou diferente do enviado. Tente novamente.',
  expired: 'O envio do arquivo expirou. Tente novamente.',
  malformed: 'Requisição inválida.',
  resentTooOften: 'Este arquivo foi reenviado vezes demais. Selecione o arquivo de novo para recomeçar o envio.',
  clientBusy:
    'Há muitos arquivos sendo enviados da sua conexão. Envie o formulário com os arquivos já carregados ou tente de novo mais tarde.',
  storageFull: 'No momento não conseguimos receber arquivos. Tente de novo em alguns minutos.',
  dailyDocumentsReached: 'Sua conexão já enviou o limite de documentos por hoje. Tente de novo amanhã.',
  pendingDocumentsFull: 'No momento não conseguimos receber novos documentos. Tente de novo em algumas horas.',
} as const;

/** Submit-button text by phase. */
export const submitPhases = {
  idle: 'Enviar Solicitação de Implementação',
  uploading: 'Fazendo upload dos arquivos...',
  saving: 'Salvando dados...',
  mailing: 'Enviando e-mail...',
} as const;

export const successToast = {
  title: 'Formulário enviado!',
  description: 'Sua solicitação foi enviada com sucesso. Em breve entraremos em contato.',
} as const;

/** SPEC §8 'Implementation and upload'. */
export const errorToasts = {
  uploadTitle: 'Erro no upload',
  upload: (serverMessage: string) => `Não foi possível fazer upload do arquivo: ${serverMessage}`,
  uploadUnexpected: 'Erro inesperado ao fazer upload do arquivo. Tente novamente.',
  saveTitle: 'Erro ao salvar',
  save: (serverMessage: string) => `Não foi possível salvar a solicitação: ${serverMessage}`,
  saveUnexpected: 'Erro inesperado ao salvar a solicitação. Tente novamente.',
  sendTitle: 'Erro ao enviar',
  sendUpload: 'Erro no upload dos arquivos. Verifique sua conexão e tente novamente.',
  sendSave: 'Erro ao salvar os dados. Tente novamente.',
  sendMail: 'Erro ao enviar o e-mail. Os dados foram salvos, mas o e-mail pode não ter sido enviado.',
  sendOther: 'Houve um problema ao enviar sua solicitação. Tente novamente.',
} as const;

/** Internal error texts of SPEC §8, used in server logs. */
export const internalErrors = {
  cnhUpload: 'Falha no upload da CNH',
  responsavelCnhUpload: 'Falha no upload da CNH do responsável',
  save: 'Falha ao salvar dados da implementação',
} as const;
