// Copy of /contato (contact page) and /obrigado (after a successful lead). Contact data itself lives in ./site.
import { brand, contact } from './site';

export const contactPage = {
  seo: {
    title: `Contato | ${brand.name}`,
    description: `Fale com a ${brand.name} por telefone, e-mail ou WhatsApp. ${contact.replyPromise}`,
  },
  eyebrow: 'Contato',
  title: 'Fale com a gente',
  subtitle:
    'Quer conhecer a Pilota, tirar dúvidas sobre os planos ou precisa de ajuda com a sua conta? Escolha o canal que preferir.',
  /** The promise shown as a highlight (SPEC §2: reply within 2 hours in business hours). */
  replyPromise: contact.replyPromise,
  channelsTitle: 'Canais de atendimento',
  labels: {
    phone: 'Telefone',
    email: 'E-mail comercial',
    whatsapp: 'WhatsApp',
    whatsappCta: 'Conversar pelo WhatsApp',
    city: 'Endereço',
    hours: 'Horário de atendimento',
  },
  form: {
    /** The section's id: LeadTrigger links here when JavaScript is off. */
    id: 'formulario',
    title: 'Envie sua mensagem',
    text: 'Preencha seus dados e, se quiser, conte um pouco sobre a sua carteira. Um especialista responde você.',
    /** Label of the optional free-text field added to the lead form on this page. */
    messageLabel: 'Mensagem (opcional)',
    submitLabel: 'Enviar mensagem',
  },
};

export const thankYouPage = {
  seo: {
    title: `Mensagem recebida | ${brand.name}`,
    description: `Recebemos sua mensagem. A equipe da ${brand.name} responde em até 2 horas em horário comercial.`,
  },
  title: 'Mensagem recebida!',
  text: 'Obrigado pelo contato. Nossa equipe vai responder em até 2 horas, em horário comercial.',
  nextStepsTitle: 'Próximos passos',
  nextSteps: [
    {
      title: 'Análise do seu perfil',
      text: 'Um especialista lê seus dados para entender o tamanho e o momento da sua carteira.',
    },
    {
      title: 'Contato do especialista',
      text: `Falamos com você por WhatsApp, telefone ou e-mail, de ${contact.supportHoursShort.toLowerCase()}.`,
    },
    {
      title: 'Demonstração personalizada',
      text: 'Mostramos a Pilota funcionando com casos iguais ao seu e ativamos seu teste grátis.',
    },
  ],
  whatsappTitle: 'Com pressa?',
  whatsappText: 'Chame a gente agora mesmo no WhatsApp.',
  whatsappCta: 'Conversar pelo WhatsApp',
  contactTitle: 'Outros canais',
  /** SPEC §2 verbatim. */
  backHome: 'Voltar ao Início',
};
