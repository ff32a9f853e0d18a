/*
 * Everything the site holds about one data subject, for the admin area (LGPD art. 18): the
 * records that name the person (./subject-scope.ts decides which), and what hangs off them —
 * the team's notes and status history, identity documents, consent records, e-mails and
 * webhooks about them, security events naming the e-mail, and the anonymous audit trail.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { DbOrTx } from '../db/client';
import { securityEvents, type SecurityEvent } from '../db/schema/auth';
import { deliveries, type Delivery } from '../db/schema/deliveries';
import {
  implementationStatusChanges,
  privateFiles,
  type ImplementationStatusChange,
} from '../db/schema/implementation';
import { leadNotes, leadStatusChanges, type Contato, type LeadNote, type LeadStatusChange } from '../db/schema/leads';
import { formConsents, lgpdAudit, type DsrRequest, type FormConsent, type LgpdAuditRow } from '../db/schema/lgpd';
import { DSR_SUBJECT, sha256Hex } from './dsr.service';
import type { Identifiers, ImplementationRow } from './subject-records';
import { requestScope, searchScope, type PossibleMatch, type RequestProof, type RequestScope } from './subject-scope';

export type { ImplementationRow } from './subject-records';
export type { PossibleMatch, RequestScope } from './subject-scope';

const LEAD_SUBJECT = 'lead';
const IMPLEMENTATION_SUBJECT = 'implementacao';

export type RequestRow = Omit<DsrRequest, 'tokenHash' | 'submissionKey' | 'ipHash'>;

export interface DocumentRow {
  id: string;
  createdAt: Date;
  kind: string;
  originalName: string;
  size: number;
  sha256: string;
  /** The implementation request it came with. */
  requestId: string;
}

export interface SubjectData {
  identifier: SubjectIdentifier;
  leads: Contato[];
  /** The team's notes on those leads, and how each lead and request moved through its pipeline. */
  notes: LeadNote[];
  leadHistory: LeadStatusChange[];
  implementationHistory: ImplementationStatusChange[];
  implementations: ImplementationRow[];
  documents: DocumentRow[];
  consents: FormConsent[];
  deliveries: Delivery[];
  requests: RequestRow[];
  securityEvents: SecurityEvent[];
  /** Past exports, erasures and answers about this identifier (anonymous). */
  audit: LgpdAuditRow[];
  /** For a data-subject request: records sharing an identifier, for the admin to check (./subject-scope.ts). */
  possibleMatches: PossibleMatch[];
  /** For a data-subject request: what it proved and which possible matches the admin included. */
  proof: RequestProof | null;
}

/** SHA-256 of an identifier's normalised value: all an audit row keeps of the person. */
export const subjectHash = (identifier: SubjectIdentifier) => sha256Hex(identifier.value);

function deliveryMatch(ids: Identifiers, leadIds: string[], implementationIds: string[], requestIds: string[]) {
  const emails = [...ids.emails];
  return or(
    and(eq(deliveries.subjectType, LEAD_SUBJECT), inArray(deliveries.subjectId, leadIds)),
    and(eq(deliveries.subjectType, IMPLEMENTATION_SUBJECT), inArray(deliveries.subjectId, implementationIds)),
    and(eq(deliveries.subjectType, DSR_SUBJECT), inArray(deliveries.subjectId, requestIds)),
    inArray(sql`lower(${deliveries.target})`, emails),
    // Any other message that names the person (e.g. an account e-mail): the payload mentions the address.
    // JSON escapes (\n, \t…) read as spaces, so an address right after a line break still counts.
    ...emails.map(
      (email) =>
        sql`lower(regexp_replace(${deliveries.payload}::text, ${JSON_ESCAPE}, ' ', 'g')) ~ ${wholeAddress(email)}`,
    ),
  );
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** A backslash escape of JSON text (\n, \", \\…), as a PostgreSQL regular expression. */
const JSON_ESCAPE = String.raw`\\[nrtbf"\\/]`;

/**
 * A regular expression for `email` as a whole address in text: not the tail of a longer one
 * (ana@x.com inside mariana@x.com) nor the head of a longer domain (…@x.com.br).
 */
function wholeAddress(email: string): string {
  return `(^|[^a-z0-9._%+-])${email.replace(REGEX_SPECIAL, '\\$&')}($|[^a-z0-9.-]|\\.($|[^a-z0-9]))`;
}

function consentMatch(leadIds: string[], implementationIds: string[]) {
  return or(
    and(eq(formConsents.subjectType, 'lead'), inArray(formConsents.subjectId, leadIds)),
    and(eq(formConsents.subjectType, 'implementacao'), inArray(formConsents.subjectId, implementationIds)),
  );
}

const eventMatch = (ids: Identifiers) => inArray(sql`lower(${securityEvents.details}->>'email')`, [...ids.emails]);

function documentRefs(implementations: ImplementationRow[]): { fileId: string; requestId: string }[] {
  return implementations.flatMap((request) =>
    [request.cnhFileId, request.responsavelCnhFileId]
      .filter((id): id is string => typeof id === 'string')
      .map((fileId) => ({ fileId, requestId: request.id })),
  );
}

/**
 * Everything about the person, newest first within each kind: for the admin's search, from
 * `identifier`; for a data-subject request, from what the request proved (./subject-scope.ts).
 */
export async function findSubject(
  db: DbOrTx,
  identifier: SubjectIdentifier,
  request?: RequestScope,
): Promise<SubjectData> {
  const scoped = request ? await requestScope(db, request) : await searchScope(db, identifier);
  const { ids, leads, implementations, requests } = scoped;
  const leadIds = leads.map((row) => row.id);
  const implementationIds = implementations.map((row) => row.id);
  const requestIds = requests.map((row) => row.id);
  const refs = documentRefs(implementations);
  const files =
    refs.length === 0
      ? []
      : await db
          .select({
            id: privateFiles.id,
            createdAt: privateFiles.createdAt,
            kind: privateFiles.kind,
            originalName: privateFiles.originalName,
            size: privateFiles.size,
            sha256: privateFiles.sha256,
          })
          .from(privateFiles)
          .where(
            inArray(
              privateFiles.id,
              refs.map((ref) => ref.fileId),
            ),
          );
  const consents = await db.select().from(formConsents).where(consentMatch(leadIds, implementationIds));
  const notes = await db.select().from(leadNotes).where(inArray(leadNotes.leadId, leadIds));
  const leadHistory = await db.select().from(leadStatusChanges).where(inArray(leadStatusChanges.leadId, leadIds));
  const implementationHistory = await db
    .select()
    .from(implementationStatusChanges)
    .where(inArray(implementationStatusChanges.requestId, implementationIds));
  const messages = await db
    .select()
    .from(deliveries)
    .where(deliveryMatch(ids, leadIds, implementationIds, requestIds));
  const events = await db.select().from(securityEvents).where(eventMatch(ids));
  const audit = await db.select().from(lgpdAudit).where(inArray(lgpdAudit.subjectHash, scoped.auditHashes));
  const newest = <T extends { createdAt: Date }>(rows: T[]) =>
    rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return {
    identifier: scoped.identifier,
    leads: newest(leads),
    notes: newest(notes),
    leadHistory: newest(leadHistory),
    implementationHistory: newest(implementationHistory),
    implementations: newest(implementations),
    documents: newest(
      files.map((file) => ({ ...file, requestId: refs.find((ref) => ref.fileId === file.id)!.requestId })),
    ),
    consents: consents.sort((a, b) => b.consentedAt.getTime() - a.consentedAt.getTime()),
    deliveries: newest(messages),
    requests: newest(requests.map(({ tokenHash: _t, submissionKey: _s, ipHash: _i, ...row }) => row)),
    securityEvents: newest(events),
    audit: audit.sort((a, b) => b.at.getTime() - a.at.getTime()),
    possibleMatches: newest(scoped.possibleMatches),
    proof: scoped.proof,
  };
}

/** Whether anything personal was found (the audit trail alone is anonymous). */
export const hasPersonalData = (data: SubjectData) =>
  data.leads.length + data.implementations.length + data.documents.length + data.deliveries.length > 0 ||
  data.securityEvents.length > 0 ||
  data.requests.some((request) => request.anonymizedAt === null);
