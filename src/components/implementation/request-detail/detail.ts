/*
 * The implementation request a request's page shows, named from the inbox service's face
 * (the feature keeps its row types to itself), and the label of each identity document's
 * role, which the documents table and the download history both name.
 */
import { implementationInboxMessages as m } from '~/messages/inbox/implementation-requests';
import type { InboxService } from '~/server/inbox';

export type RequestDetail = NonNullable<Awaited<ReturnType<InboxService['implementationRequest']>>>;
export type RequestDocument = RequestDetail['documents'][number];

export const documentRoleLabel: Record<RequestDocument['role'], string> = {
  cnh: m.documents.cnh,
  responsavelCnh: m.documents.responsavelCnh,
};
