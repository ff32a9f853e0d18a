/*
 * The CMS entries of the public forms' messages (content/messages/*.yaml): the lead form
 * and the data-subject requests.
 */
import { str, txt, slotted, obj, type Field } from './fields.ts';

export const messageFiles: Field[] = [
  {
    name: 'lead',
    label: 'Formulário de contato',
    file: 'content/messages/lead.yaml',
    description:
      'A janela "Solicitar contato", /contato, as páginas de parceiros e /gestao. Vários textos são do SPEC palavra por palavra e os testes os conferem: mude-os só junto com a especificação.',
    fields: [
      obj('tipoLabels', 'Tipos de contato', [
        str('proprietario', 'Proprietário'),
        str('corretor', 'Corretor'),
        str('administrador', 'Administrador'),
        str('imobiliaria', 'Imobiliária'),
      ]),
      obj('fieldLabels', 'Rótulos dos campos', [
        str('nome', 'Nome'),
        str('email', 'E-mail'),
        str('celular', 'Celular'),
        str('tipo', 'Tipo'),
        str('tipoPlaceholder', 'Tipo: opção vazia'),
        str('empresa', 'Empresa'),
        str('mensagem', 'Mensagem'),
        str('mensagemPlaceholder', 'Mensagem: exemplo dentro do campo'),
      ]),
      obj('placeholders', 'Exemplos dentro dos campos', [
        str('nome', 'Nome'),
        str('email', 'E-mail'),
        str('celular', 'Celular'),
        str('empresa', 'Empresa'),
      ]),
      obj('validationMessages', 'Mensagens de validação', [
        str('nome', 'Nome'),
        str('celular', 'Celular'),
        str('email', 'E-mail'),
        str('tipo', 'Tipo'),
        str('empresa', 'Empresa'),
        str('tooLong', 'Texto longo demais'),
      ]),
      obj('submitLabels', 'Botão de enviar', [str('idle', 'Parado'), str('busy', 'Enviando')]),
      obj('toasts', 'Avisos depois do envio', [
        {
          name: 'success',
          label: 'Enviado',
          widget: 'object',
          fields: [str('title', 'Título'), str('description', 'Texto')],
        },
        {
          name: 'failure',
          label: 'Erro',
          widget: 'object',
          fields: [str('title', 'Título'), str('description', 'Texto')],
        },
        {
          name: 'savedLater',
          label: 'Enviado, mas não salvo',
          widget: 'object',
          fields: [str('title', 'Título'), str('description', 'Texto')],
        },
      ]),
      txt('rateLimitMessage', 'Muitas tentativas'),
      txt('serverErrorSummary', 'Erros no envio sem JavaScript'),
      {
        name: 'leadDialogs',
        label: 'Janela de contato, conforme o botão',
        widget: 'object',
        hint: '{replyPromise} é a promessa de resposta; {trialDays}, os dias de teste; {noCard}, o selo "Sem cartão de crédito".',
        fields: [
          obj('contato', 'Contato', [str('title', 'Título'), slotted('description', 'Texto', 'replyPromise')]),
          obj('teste', 'Teste grátis', [
            slotted('title', 'Título', 'trialDays'),
            slotted('description', 'Texto', 'replyPromise'),
          ]),
          obj('demonstracao', 'Demonstração', [
            str('title', 'Título'),
            slotted('description', 'Texto', 'replyPromise'),
          ]),
        ],
      },
      {
        name: 'leadEmail',
        label: 'E-mail para a equipe',
        widget: 'object',
        collapsed: true,
        fields: [
          str('toName', 'Destinatário'),
          slotted('subject', 'Assunto', 'nome', 'tipo'),
          str('empty', 'Campo não preenchido'),
          str('heading', 'Título'),
          slotted('intro', 'Abertura', 'toName'),
          {
            name: 'labels',
            label: 'Rótulos',
            widget: 'object',
            fields: (
              [
                ['from_name', 'Nome'],
                ['from_email', 'E-mail'],
                ['phone', 'Celular'],
                ['user_type', 'Tipo'],
                ['company', 'Empresa'],
                ['mensagem', 'Mensagem'],
                ['pagina_origem', 'Página de origem'],
                ['utm_source', 'UTM source'],
                ['utm_medium', 'UTM medium'],
                ['utm_campaign', 'UTM campaign'],
                ['current_date', 'Data'],
                ['marketing', 'E-mails de marketing'],
                ['marketing_sim', 'E-mails de marketing: marcou'],
                ['marketing_nao', 'E-mails de marketing: não marcou'],
              ] as const
            ).map(([name, label]) => str(name, label)),
          },
          str('replyHint', 'Dica de resposta'),
          slotted('heldNote', 'Aviso quando o banco de dados está fora do ar ({held}: contatos guardados)', 'held'),
        ],
      },
    ],
  },
  {
    name: 'lgpd',
    label: 'Solicitações LGPD (/lgpd)',
    file: 'content/messages/lgpd.yaml',
    description:
      'O formulário "Exercer meus direitos", as respostas, a página de confirmação, o e-mail com o link e o aviso à equipe. O prazo de resposta (15 dias) é da lei: {days} o escreve.',
    fields: [
      obj(
        'dsrTipoLabels',
        'Direitos, na ordem do formulário',
        (
          [
            ['confirmacao_acesso', 'Confirmação e acesso'],
            ['correcao', 'Correção'],
            ['anonimizacao_eliminacao', 'Anonimização ou eliminação'],
            ['portabilidade', 'Portabilidade'],
            ['compartilhamento', 'Compartilhamento'],
            ['revogacao_consentimento', 'Revogação do consentimento'],
            ['oposicao', 'Oposição'],
            ['revisao_decisao_automatizada', 'Revisão de decisão automatizada'],
          ] as const
        ).map(([name, label]) => str(name, label)),
      ),
      obj('dsrForm', 'Formulário', [
        str('title', 'Título'),
        { ...slotted('intro', 'Introdução', 'days'), widget: 'text' },
        obj(
          'labels',
          'Rótulos',
          (
            [
              ['tipo', 'Direito'],
              ['tipoPlaceholder', 'Direito: opção vazia'],
              ['nome', 'Nome'],
              ['email', 'E-mail'],
              ['cpf', 'CPF'],
              ['cpfHint', 'CPF: ajuda'],
              ['detalhes', 'Detalhes'],
              ['detalhesPlaceholder', 'Detalhes: exemplo dentro do campo'],
            ] as const
          ).map(([name, label]) => str(name, label)),
        ),
        obj('placeholders', 'Exemplos dentro dos campos', [
          str('nome', 'Nome'),
          str('email', 'E-mail'),
          str('cpf', 'CPF'),
        ]),
        obj('submit', 'Botão', [str('idle', 'Botão'), str('busy', 'Botão enviando')]),
      ]),
      obj('dsrValidationMessages', 'Mensagens de validação', [
        str('tipo', 'Direito'),
        str('nome', 'Nome'),
        str('email', 'E-mail'),
        str('cpf', 'CPF'),
        str('tooLong', 'Texto longo demais'),
      ]),
      obj('dsrAnswers', 'Respostas depois do envio', [
        obj('filed', 'Enviada', [str('title', 'Título'), txt('text', 'Texto')]),
        str('failure', 'Falha'),
        str('rateLimited', 'Muitas tentativas'),
        str('invalid', 'Campos a corrigir'),
        str('back', 'Link de volta'),
      ]),
      obj('dsrConfirmPage', 'Página de confirmação (/lgpd/confirmar)', [
        str('seoTitle', 'Título da aba'),
        str('seoDescription', 'Descrição'),
        obj('pending', 'Antes de confirmar', [str('title', 'Título'), str('text', 'Texto'), str('button', 'Botão')]),
        obj('confirmed', 'Confirmada', [
          str('title', 'Título'),
          { ...slotted('text', 'Texto', 'due', 'days'), widget: 'text' },
        ]),
        obj('invalid', 'Link inválido', [str('title', 'Título'), txt('text', 'Texto')]),
        obj('expired', 'Link expirado', [str('title', 'Título'), txt('text', 'Texto')]),
        obj('used', 'Link já usado', [str('title', 'Título'), txt('text', 'Texto')]),
        str('newRequest', 'Link para nova solicitação'),
      ]),
      obj('dsrConfirmationEmail', 'E-mail com o link de confirmação', [
        str('subject', 'Assunto'),
        str('greeting', 'Saudação'),
        { ...slotted('body', 'Texto', 'tipo'), widget: 'text' },
        str('button', 'Botão'),
        str('ignore', 'Se não foi você'),
        str('linkRemoved', 'No lugar do link já usado'),
      ]),
      obj('dsrTeamEmail', 'Aviso à equipe', [
        slotted('subject', 'Assunto', 'tipo', 'due'),
        { ...slotted('intro', 'Abertura', 'days'), widget: 'text' },
        obj(
          'labels',
          'Rótulos',
          (
            [
              ['tipo', 'Direito'],
              ['nome', 'Nome'],
              ['email', 'E-mail'],
              ['cpf', 'CPF'],
              ['detalhes', 'Detalhes'],
              ['criadaEm', 'Recebida em'],
              ['prazo', 'Prazo de resposta'],
              ['link', 'Link para a área administrativa'],
            ] as const
          ).map(([name, label]) => str(name, label)),
        ),
        str('empty', 'Campo não preenchido'),
      ]),
    ],
  },
];
