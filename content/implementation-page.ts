// /implementacao-sistema copy: SEO, intro, section titles, field labels and placeholders of the
// implementation request form. Messages and toasts live in ./messages/implementation.ts.
import { terms } from './site';

export const implementationPage = {
  seo: {
    title: 'Solicitação de implementação',
    description: `Envie os dados do seu cadastro (CPF ou CNPJ) e o acesso desejado: a implementação da Pilota fica pronta em até ${terms.implementationHours}h.`,
  },
  eyebrow: 'Implementação do sistema',
  title: 'Solicite a implementação da sua conta',
  intro: `Preencha os dados abaixo para começarmos a configurar a Pilota para você. A implementação fica pronta em até ${terms.implementationHours}h e nossa equipe entra em contato para acompanhar cada passo.`,
  privacyNote:
    'Seus documentos ficam guardados de forma privada: só a equipe de implementação tem acesso, e a senha é armazenada criptografada.',
  requiredNote: 'Campos marcados com * são obrigatórios.',
} as const;

/** Labels, placeholders and hints of the form, passed to the island as plain data. */
export const implementationForm = {
  /** Accessible name of the <form>. */
  formLabel: 'Solicitação de implementação',
  tipoDocumento: {
    legend: 'Tipo de cadastro',
    cpf: 'Pessoa física (CPF)',
    cnpj: 'Pessoa jurídica (CNPJ)',
  },
  sections: {
    cpf: 'Dados pessoais',
    cnpj: 'Dados da empresa',
    responsavel: 'Dados do responsável',
    acesso: 'Dados de acesso',
  },
  fields: {
    cpf: { label: 'CPF', placeholder: '000.000.000-00' },
    nomeCompleto: { label: 'Nome completo', placeholder: 'Seu nome completo' },
    celular: { label: 'Celular', placeholder: '(11) 99999-9999' },
    email: { label: 'E-mail', placeholder: 'voce@exemplo.com.br' },
    cnh: { label: 'CNH (opcional)' },
    cnpj: { label: 'CNPJ', placeholder: '00.000.000/0000-00' },
    razaoSocial: { label: 'Razão social', placeholder: 'Nome registrado da empresa' },
    responsavelCpf: { label: 'CPF do responsável', placeholder: '000.000.000-00' },
    responsavelNome: { label: 'Nome do responsável', placeholder: 'Nome completo do responsável' },
    responsavelCelular: { label: 'Celular do responsável', placeholder: '(11) 99999-9999' },
    responsavelEmail: { label: 'E-mail do responsável', placeholder: 'responsavel@empresa.com.br' },
    responsavelCnh: { label: 'CNH do responsável (opcional)' },
    emailAcesso: { label: 'E-mail de acesso', placeholder: 'E-mail para entrar na Pilota' },
    senha: { label: 'Senha', placeholder: 'Mínimo 6 caracteres' },
  },
  file: {
    hint: 'PDF, JPG ou PNG, até 5MB.',
    choose: 'Escolher arquivo',
    remove: 'Remover',
    removed: 'Arquivo removido',
  },
  /** The panel shown once a request is saved: its reference, what happens next and the setup calls. */
  confirmation: {
    title: 'Solicitação recebida!',
    referenceLabel: 'Número da solicitação',
    referenceNote: 'Guarde este número: com ele nossa equipe encontra o seu pedido.',
    nextTitle: 'O que acontece agora',
    next: [
      'Nossa equipe confere os seus dados e entra em contato pelo celular ou e-mail informado para agendar as chamadas.',
      `Em até ${terms.implementationHours} horas sua conta fica pronta para uso.`,
    ],
    callsTitle: `As ${terms.implementationCalls} chamadas de vídeo ao vivo da implementação`,
    calls: [
      { title: 'Configuração', text: 'sua conta, cobranças e repasses.' },
      { title: 'Migração', text: 'imóveis, proprietários, inquilinos e contratos das suas planilhas.' },
      { title: 'Treinamento', text: 'quem vai usar a Pilota aprende o dia a dia com um especialista.' },
    ],
  },
  cnpjHint: 'Aceita o CNPJ numérico e o alfanumérico (letras nas 12 primeiras posições).',
  showPassword: 'Mostrar senha',
  hidePassword: 'Ocultar senha',
  uploadProgressLabel: 'Progresso do envio',
} as const;

export type ImplementationFormCopy = typeof implementationForm;
