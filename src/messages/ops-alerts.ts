/**
 * The alert e-mails the team gets at LEAD_NOTIFY_TO when deliveries go wrong
 * (src/server/ops/alerts.ts). Not in the spec. They name deliveries by id, kind and
 * target (a webhook by its origin and a hash), never a person's data.
 */

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const opsAlertMessages = {
  failedSubject: (count: number) =>
    `[Pilota] Alerta: ${count} ${plural(count, 'entrega falhou', 'entregas falharam')} definitivamente`,
  failedIntro: (count: number) =>
    `${count} ${plural(count, 'entrega esgotou', 'entregas esgotaram')} todas as tentativas e não ${plural(count, 'será reenviada', 'serão reenviadas')} automaticamente.`,
  backlogSubject: (minutes: number) => `[Pilota] Alerta: entregas paradas há ${minutes} min`,
  backlogIntro: (minutes: number, count: number) =>
    `A entrega pendente mais antiga espera há ${minutes} min; ${count} ${plural(count, 'entrega aguarda', 'entregas aguardam')} envio.`,
  listHeading: 'Entregas:',
  moreNotListed: (count: number) => `… e mais ${count}.`,
  backlogByTarget: 'Pendentes por destino:',
  /** A connector refused our key or form (401/403, HubSpot's 404): nothing reaches it until someone fixes the variable. */
  misconfiguredSubject: (service: string) => `[Pilota] Alerta: ${service} recusou a configuração — entregas paradas`,
  misconfiguredIntro: (service: string) =>
    `As entregas para ${service} falham na primeira tentativa, sem novas tentativas, até a configuração ser corrigida. Motivo:`,
  misconfiguredAfterFix:
    'Depois de corrigir a variável e reiniciar o servidor, use "Reenviar todas as falhas" em /admin/entregas para mandar as entregas que falharam.',
  repeatNote: (minutes: number) =>
    `Este alerta não se repete por ${minutes} min. Os dados de cada entrega estão na tabela deliveries e na página /admin/entregas (docs/operating.md, "Deliveries").`,
} as const;
