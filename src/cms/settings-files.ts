/*
 * The CMS entries of the settings files (content/settings): the company's facts, the
 * site's brand and terms, the cookie banner and the business hours.
 */
import {
  CLOCK_MESSAGE,
  CLOCK_PATTERN,
  ISO_DATE_MESSAGE,
  ISO_DATE_PATTERN,
  MONTH_DAY_MESSAGE,
  MONTH_DAY_PATTERN,
} from '../lib/content-schemas';
import { str, txt, int, slotted, obj, webAddress, link, type Field } from './fields.ts';

export const settingsFiles: Field[] = [
  {
    name: 'company',
    label: 'Dados da empresa',
    file: 'content/settings/company.yaml',
    description:
      'Telefone, e-mail, CNPJ e encarregado aparecem no rodapé, em /contato, nas páginas legais e nos e-mails. Enquanto algum valor for o provisório de fábrica, a publicação avisa (e a de produção para).',
    fields: [
      str('phone', 'Telefone', { hint: 'Como aparece no site: (11) 3333-4444.' }),
      str('email', 'E-mail comercial'),
      str('whatsappNumber', 'WhatsApp', {
        hint: 'Só números, com o código do país e o DDD: 5511912345678.',
        pattern: ['^\\d{12,13}$', 'Use só números, com o código do país e o DDD, como 5511912345678.'],
      }),
      str('cnpj', 'CNPJ', {
        pattern: ['^\\d{2}\\.\\d{3}\\.\\d{3}/\\d{4}-\\d{2}$', 'Use o CNPJ com pontuação, como 12.345.678/0001-90.'],
      }),
      str('legalName', 'Razão social'),
      webAddress('appUrl', 'Endereço do aplicativo (botão "Acessar")', { hint: 'Completo, com https://.' }),
      webAddress('instagramUrl', 'Instagram', { hint: 'Endereço completo do perfil, com https://.' }),
      str('encarregadoNome', 'Encarregado de dados (LGPD): nome'),
      str('encarregadoEmail', 'Encarregado de dados (LGPD): e-mail'),
      str('demoVideoId', 'Vídeo de demonstração (/gestao)', {
        hint: 'O código do vídeo no YouTube: o que vem depois de v= no endereço.',
      }),
    ],
  },
  {
    name: 'site',
    label: 'Marca, menu, condições e números',
    file: 'content/settings/site.yaml',
    description:
      'Valem para o site inteiro: o nome e o slogan, o horário de atendimento, o menu, as condições comerciais citadas nos textos, os selos e os números de destaque.',
    fields: [
      obj('brand', 'Marca', [
        str('name', 'Nome'),
        str('tagline', 'Slogan'),
        txt('description', 'Descrição (Google e redes sociais)'),
      ]),
      obj('contact', 'Atendimento', [
        str('city', 'Cidade'),
        str('supportHours', 'Horário de atendimento'),
        str('supportHoursShort', 'Horário de atendimento (curto)'),
        str('replyPromise', 'Promessa de resposta'),
        str('whatsappGreeting', 'Mensagem inicial do WhatsApp'),
      ]),
      obj('links', 'Endereços', [
        link('blog', 'Blog (rodapé)', { hint: '/blog, ou o endereço completo (https://) de um blog externo.' }),
      ]),
      { name: 'nav', label: 'Menu', widget: 'list', fields: [str('label', 'Texto'), link('href', 'Endereço')] },
      {
        name: 'terms',
        label: 'Condições comerciais',
        widget: 'object',
        collapsed: true,
        fields: [
          int('trialDays', 'Dias de teste grátis'),
          int('refundDays', 'Dias de garantia'),
          int('implementationFeeCents', 'Taxa de implementação (centavos)'),
          int('implementationCalls', 'Reuniões de implementação'),
          int('implementationHours', 'Prazo de implementação (horas)'),
          int('enterpriseFromProperties', 'Enterprise a partir de (imóveis)'),
          str('annualSavingsPlans', 'Economia no anual (/planos)'),
          str('annualSavingsGestao', 'Economia no anual (/gestao)'),
          int('annualFreeMonths', 'Meses grátis no anual'),
          int('minPlanProperties', 'Mínimo de imóveis por plano'),
          int('maxPlanProperties', 'Máximo de imóveis por plano'),
          int('overdueSuspensionDays', 'Dias de atraso até suspender'),
          int('priceAdjustmentNoticeDays', 'Aviso de reajuste (dias)'),
          int('minimumAge', 'Idade mínima'),
          int('lgpdReplyDays', 'Prazo de resposta LGPD (dias)'),
          int('dataRetentionYears', 'Guarda de dados (anos)'),
          int('replyHours', 'Prazo de resposta comercial (horas)'),
        ],
      },
      obj('claims', 'Selos', [
        str('trial', 'Teste grátis'),
        str('noCard', 'Sem cartão'),
        str('cancelAnytime', 'Cancelamento'),
        str('support', 'Suporte'),
        str('security', 'Segurança'),
        str('implementation', 'Implementação'),
        str('guarantee', 'Garantia'),
      ]),
      {
        name: 'figures',
        label: 'Números de destaque',
        widget: 'object',
        collapsed: true,
        fields: (
          [
            ['propertiesManaged', 'Imóveis gerenciados'],
            ['satisfaction', 'Satisfação dos clientes'],
            ['adminTimeSaved', 'Tempo administrativo poupado'],
            ['clients', 'Clientes'],
            ['properties', 'Imóveis na plataforma'],
            ['timeReduction', 'Redução no tempo de gestão'],
            ['satisfactionAlt', 'Satisfação (outra medida)'],
            ['migrate', 'Migram de planilhas'],
            ['lessDefault', 'Menos inadimplência'],
          ] as const
        ).map(([name, label]) => ({
          name,
          label,
          widget: 'object',
          fields: [str('value', 'Valor'), str('label', 'O que mede')],
        })),
      },
    ],
  },
  {
    name: 'cookie-consent',
    label: 'Aviso e preferências de cookies',
    file: 'content/settings/cookie-consent.yaml',
    description:
      'A faixa de cookies e a janela de preferências. Mudar a finalidade ou a base legal de uma categoria muda o que o visitante aceitou: peça junto uma nova versão do aviso a um desenvolvedor, para todos serem perguntados de novo.',
    fields: [
      obj('banner', 'Faixa', [
        str('title', 'Título'),
        txt('text', 'Texto'),
        str('policyLink', 'Link da política'),
        link('policyHref', 'Endereço da política'),
        str('acceptAll', 'Botão aceitar'),
        str('rejectAll', 'Botão rejeitar'),
        str('customize', 'Botão personalizar'),
      ]),
      obj('preferences', 'Janela de preferências', [
        str('title', 'Título'),
        txt('intro', 'Introdução'),
        { ...slotted('validity', 'Validade da escolha', 'months'), widget: 'text' },
        str('alwaysOn', 'Essenciais: sempre ativos'),
        str('toolsLabel', 'Rótulo das ferramentas'),
        str('save', 'Botão salvar'),
        str('acceptAll', 'Botão aceitar'),
        str('rejectAll', 'Botão rejeitar'),
        str('close', 'Botão fechar'),
        str('saved', 'Aviso de escolha salva (leitores de tela)'),
      ]),
      obj('categories', 'Categorias', [
        {
          name: 'essential',
          label: 'Essenciais',
          widget: 'object',
          fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
        },
        {
          name: 'analytics',
          label: 'Análise',
          widget: 'object',
          fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
        },
        {
          name: 'functionality',
          label: 'Funcionalidade',
          widget: 'object',
          fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
        },
        {
          name: 'marketing',
          label: 'Marketing',
          widget: 'object',
          fields: [str('title', 'Nome'), txt('purpose', 'Finalidade'), txt('legalBasis', 'Base legal')],
        },
      ]),
      obj('tools', 'Ferramentas de terceiros', [str('ga4', 'Google Analytics 4'), str('meta', 'Pixel da Meta')]),
      obj('footerLink', 'Link do rodapé', [str('label', 'Texto'), link('href', 'Endereço sem JavaScript')]),
      obj('messages', 'Mensagens', [txt('unknownVersion', 'Versão do aviso desconhecida')]),
    ],
  },
  {
    name: 'business-hours',
    label: 'Horário comercial e feriados',
    file: 'content/settings/business-hours.yaml',
    description:
      'Vale para a promessa "Respondemos em até 2 horas em horário comercial": a caixa de entrada marca como atrasado o contato ainda "novo" depois desse prazo.',
    fields: [
      str('timeZone', 'Fuso horário', { hint: 'Como America/Sao_Paulo.' }),
      str('opensAt', 'Abre às', { pattern: [CLOCK_PATTERN, CLOCK_MESSAGE] }),
      str('closesAt', 'Fecha às', { pattern: [CLOCK_PATTERN, CLOCK_MESSAGE] }),
      {
        name: 'weekdays',
        label: 'Dias úteis',
        widget: 'select',
        multiple: true,
        options: ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'].map((label, value) => ({
          label,
          value,
        })),
      },
      int('replyPromiseMinutes', 'Prazo de resposta (minutos de horário comercial)', { min: 1 }),
      {
        name: 'fixedHolidays',
        label: 'Feriados de data fixa (MM-DD, todo ano)',
        widget: 'list',
        field: str('day', 'Dia', { pattern: [MONTH_DAY_PATTERN, MONTH_DAY_MESSAGE] }),
      },
      {
        name: 'easterHolidayOffsets',
        label: 'Feriados contados da Páscoa (dias; −2 é a Sexta-feira Santa, 60 é Corpus Christi)',
        widget: 'list',
        field: int('days', 'Dias'),
      },
      {
        name: 'extraClosedDates',
        label: 'Outros dias fechados (AAAA-MM-DD)',
        widget: 'list',
        required: false,
        field: str('date', 'Data', { pattern: [ISO_DATE_PATTERN, ISO_DATE_MESSAGE] }),
      },
    ],
  },
];
