/*
 * The team's notification about a new implementation request. The parameters are the
 * template parameters of SPEC §7 (same names), so an editor comparing with the old
 * provider template finds every one; the message renders them as text and HTML. The CNH
 * links point at the admin-only download endpoint: the e-mail never carries a public URL
 * or the file itself.
 */
import { formatDate } from '~/lib/br-format';
import { formatCnpjValue, formatCpfValue } from '~/lib/documents';
import { formatPhone } from '~/lib/phone';
import type { MailMessage } from '../mail';
import { escapeHtml } from '~/lib/escape';

export interface StoredDocumentRef {
  id: string;
  name: string;
}

export interface ImplementationEmailInput {
  id: string;
  createdAt: Date;
  tipoDocumento: 'cpf' | 'cnpj';
  emailAcesso: string;
  cpf: string | null;
  nomeCompleto: string | null;
  celular: string | null;
  email: string | null;
  cnpj: string | null;
  razaoSocial: string | null;
  responsavelCpf: string | null;
  responsavelNome: string | null;
  responsavelCelular: string | null;
  responsavelEmail: string | null;
  cnh: StoredDocumentRef | null;
  responsavelCnh: StoredDocumentRef | null;
}

export interface ImplementationEmailSettings {
  siteUrl: string;
  to: string;
}

/** Where an admin downloads a stored document (requires an admin session). */
export const documentDownloadUrl = (siteUrl: string, fileId: string) => `${siteUrl}/admin/documentos/${fileId}`;

const SHOW = 'block';
const HIDE = 'none';

/** SPEC §7's template parameters, every value a string (empty when not applicable). */
export function implementationTemplateParams(input: ImplementationEmailInput, siteUrl: string) {
  const isCpf = input.tipoDocumento === 'cpf';
  const doc = (ref: StoredDocumentRef | null) => ({
    anexada: ref ? 'Sim' : 'Não',
    nome: ref?.name ?? '',
    cls: ref ? 'cnh-anexada' : 'cnh-ausente',
    link: ref ? documentDownloadUrl(siteUrl, ref.id) : '',
  });
  const cnh = doc(input.cnh);
  const responsavelCnh = doc(input.responsavelCnh);
  return {
    tipo_documento: isCpf ? 'CPF' : 'CNPJ',
    data_solicitacao: formatDate(input.createdAt),
    show_cpf_section: isCpf ? SHOW : HIDE,
    show_cnpj_section: isCpf ? HIDE : SHOW,
    show_responsavel_section: isCpf ? HIDE : SHOW,
    cpf: input.cpf ? formatCpfValue(input.cpf) : '',
    nome_completo: input.nomeCompleto ?? '',
    celular: input.celular ? formatPhone(input.celular) : '',
    email: input.email ?? '',
    cnh_anexada: cnh.anexada,
    cnh_nome_arquivo: cnh.nome,
    cnh_class: cnh.cls,
    cnh_download_link: cnh.link,
    cnpj: input.cnpj ? formatCnpjValue(input.cnpj) : '',
    razao_social: input.razaoSocial ?? '',
    responsavel_cpf: input.responsavelCpf ? formatCpfValue(input.responsavelCpf) : '',
    responsavel_nome: input.responsavelNome ?? '',
    responsavel_celular: input.responsavelCelular ? formatPhone(input.responsavelCelular) : '',
    responsavel_email: input.responsavelEmail ?? '',
    responsavel_cnh_anexada: responsavelCnh.anexada,
    responsavel_cnh_nome_arquivo: responsavelCnh.nome,
    responsavel_cnh_class: responsavelCnh.cls,
    responsavel_cnh_download_link: responsavelCnh.link,
    email_acesso: input.emailAcesso,
    senha_configurada: 'Sim',
    from_name: (isCpf ? input.nomeCompleto : input.responsavelNome) ?? '',
    from_email: (isCpf ? input.email : input.responsavelEmail) ?? '',
    reply_to: input.emailAcesso,
    solicitacao_id: input.id,
  };
}

export type ImplementationTemplateParams = ReturnType<typeof implementationTemplateParams>;

type Row = [label: string, value: string, link?: string];

function sections(p: ImplementationTemplateParams): { title: string; rows: Row[] }[] {
  const cnhRows = (anexada: string, nome: string, link: string): Row[] => [
    ['CNH anexada', anexada],
    ...(link ? ([['Arquivo da CNH', nome, link]] as Row[]) : []),
  ];
  const out: { title: string; rows: Row[] }[] = [
    {
      title: 'Solicitação',
      rows: [
        ['Tipo de documento', p.tipo_documento],
        ['Data da solicitação', p.data_solicitacao],
        ['Número da solicitação', p.solicitacao_id],
      ],
    },
  ];
  if (p.show_cpf_section === SHOW) {
    out.push({
      title: 'Dados pessoais',
      rows: [
        ['CPF', p.cpf],
        ['Nome completo', p.nome_completo],
        ['Celular', p.celular],
        ['E-mail', p.email],
        ...cnhRows(p.cnh_anexada, p.cnh_nome_arquivo, p.cnh_download_link),
      ],
    });
  }
  if (p.show_cnpj_section === SHOW) {
    out.push({
      title: 'Dados da empresa',
      rows: [
        ['CNPJ', p.cnpj],
        ['Razão social', p.razao_social],
      ],
    });
  }
  if (p.show_responsavel_section === SHOW) {
    out.push({
      title: 'Responsável',
      rows: [
        ['CPF', p.responsavel_cpf],
        ['Nome', p.responsavel_nome],
        ['Celular', p.responsavel_celular],
        ['E-mail', p.responsavel_email],
        ...cnhRows(p.responsavel_cnh_anexada, p.responsavel_cnh_nome_arquivo, p.responsavel_cnh_download_link),
      ],
    });
  }
  out.push({
    title: 'Acesso',
    rows: [
      ['E-mail de acesso', p.email_acesso],
      ['Senha configurada', p.senha_configurada],
    ],
  });
  return out;
}

/** The notification e-mail to the team; replies go to the access e-mail. */
export function buildImplementationEmail(
  input: ImplementationEmailInput,
  settings: ImplementationEmailSettings,
): { message: MailMessage; params: ImplementationTemplateParams } {
  const p = implementationTemplateParams(input, settings.siteUrl);
  const who = p.tipo_documento === 'CPF' ? p.nome_completo : p.razao_social;
  const blocks = sections(p);
  const text = [
    `Nova solicitação de implementação (${p.tipo_documento}) recebida em ${p.data_solicitacao}.`,
    ...blocks.map(
      ({ title, rows }) =>
        `\n${title}\n` +
        rows.map(([label, value, link]) => `- ${label}: ${value}${link ? ` — ${link}` : ''}`).join('\n'),
    ),
    '\nOs documentos só podem ser baixados com uma sessão de administrador.',
  ].join('\n');
  const html = [
    `<p>Nova solicitação de implementação (<strong>${escapeHtml(p.tipo_documento)}</strong>) recebida em ${escapeHtml(p.data_solicitacao)}.</p>`,
    ...blocks.map(
      ({ title, rows }) =>
        `<h3>${escapeHtml(title)}</h3><table cellpadding="4">` +
        rows
          .map(
            ([label, value, link]) =>
              `<tr><th align="left">${escapeHtml(label)}</th><td>${
                link ? `<a href="${escapeHtml(link)}">${escapeHtml(value)}</a>` : escapeHtml(value)
              }</td></tr>`,
          )
          .join('') +
        '</table>',
    ),
    '<p>Os documentos só podem ser baixados com uma sessão de administrador.</p>',
  ].join('\n');
  return {
    message: {
      to: settings.to,
      subject: `Nova solicitação de implementação (${p.tipo_documento}): ${who}`,
      text,
      html,
      replyTo: p.reply_to,
    },
    params: p,
  };
}
