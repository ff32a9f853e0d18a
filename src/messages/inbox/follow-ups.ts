/**
 * Copy of follow-ups: the lead page's "Próximo passo", the "Hoje" page (/admin/hoje), the
 * morning digest e-mail and its switch.
 */
import type { FollowUpKind, FollowUpState } from '~/lib/follow-up';

export const followUpKindLabels: Record<FollowUpKind, string> = {
  ligar: 'Ligar',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  reuniao: 'Reunião',
};

/** Where a next step stands (a badge on the lead page and on "Hoje"). */
export const followUpStateLabels: Record<FollowUpState, string> = {
  atrasado: 'Atrasado',
  hoje: 'Hoje',
  depois: 'Agendado',
};

/** The lead page's section. */
export const nextStepCopy = {
  title: 'Próximo passo',
  none: 'Nenhum próximo passo marcado.',
  when: 'Data e hora',
  kind: 'Tipo',
  note: 'Observação (opcional)',
  noteHint: (max: number) => `Até ${max} caracteres.`,
  save: 'Salvar próximo passo',
  done: 'Concluído',
  saved: 'Próximo passo salvo.',
  cleared: 'Próximo passo concluído.',
  current: (kind: string, when: string) => `${kind} em ${when}`,
  by: (name: string) => `marcado por ${name}`,
} as const;

export const followUpMessages = {
  falha: 'Não foi possível salvar o próximo passo agora. Tente de novo em instantes.',
  contatoInexistente: 'Este contato não existe mais.',
  quando: 'Informe a data e a hora (dd/mm/aaaa hh:mm).',
  longe: 'Escolha uma data dentro de um ano a partir de hoje.',
  tipo: 'Escolha como será o contato: ligar, WhatsApp, e-mail ou reunião.',
  notaLonga: (max: number) => `A observação pode ter até ${max} caracteres.`,
  resumo: 'Não foi possível mudar o resumo por e-mail agora. Tente de novo em instantes.',
} as const;

/** /admin/hoje: what is due today and what is late, mine first. */
export const todayCopy = {
  navLabel: 'Hoje',
  title: 'Hoje',
  intro: 'Próximos passos de hoje e atrasados, os seus primeiro.',
  mine: 'Meus próximos passos',
  team: 'Da equipe',
  empty: 'Nada para hoje.',
  teamEmpty: 'Nada pendente da equipe para hoje.',
  owner: (name: string) => `de ${name}`,
  newTitle: 'Meus contatos novos',
  newHint: 'Aguardando a primeira resposta: o site promete retorno em até 2 horas úteis.',
  newEmpty: 'Nenhum contato novo seu aguardando resposta.',
  newMore: (count: number) => `Ver todos os meus ${count} contatos novos`,
  replyTitle: 'Aguardando resposta além de 2 horas úteis',
  replyHint: 'Contatos novos da equipe que passaram do prazo prometido no site.',
  replyEmpty: 'Nenhum contato novo atrasado.',
  replyMore: (count: number) => `Ver todos os ${count} atrasados`,
  replyBy: (when: string) => `responder até ${when}`,
  replyLate: (when: string) => `Atrasado: o prazo era ${when}`,
  columns: { when: 'Quando', lead: 'Contato', kind: 'Tipo', note: 'Observação' },
  digestTitle: 'Resumo por e-mail',
  digestOn: 'Você recebe, nos dias úteis às 07:30, um e-mail com os seus próximos passos do dia.',
  digestOff: 'Você não recebe o resumo da manhã por e-mail.',
  digestStop: 'Não receber o resumo',
  digestStart: 'Receber o resumo',
  digestSaved: (on: boolean) => (on ? 'Você vai receber o resumo da manhã.' : 'Resumo da manhã desligado.'),
} as const;

/** The morning digest e-mail. */
export const digestEmail = {
  subject: (count: number, day: string) =>
    count === 1 ? `1 próximo passo para hoje (${day})` : `${count} próximos passos para hoje (${day})`,
  greeting: (name: string) => `Bom dia, ${name}!`,
  intro: 'Estes são os seus próximos passos de hoje e os que ficaram para trás:',
  overdue: 'atrasado',
  open: 'Abrir a lista de hoje',
  optOut: 'Para não receber mais este resumo, use “Não receber o resumo” na página Hoje.',
} as const;
