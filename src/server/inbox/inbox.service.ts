/*
 * The sales inbox of a runtime (built in src/server/compose.ts): what the admin pages and
 * actions of leads, implementation requests, deliveries and reports read and change. Each
 * verb takes the request's values (filters, the signed-in member) and hands them, with the
 * runtime's database and clock, to the query modules beside this file.
 */
import type { LeadFilters } from '~/lib/validation/lead-filters';
import type { LeadNoteInput, StatusChangeInput } from '~/lib/validation/lead-pipeline';
import type { FollowUpInput } from '~/lib/validation/follow-up';
import type { ImplementationFilters, ImplementationStatusChangeInput } from '~/lib/validation/implementation-inbox';
import type { ServiceDeps } from '../service-deps';
import {
  assignLead,
  readSalesSettings,
  salespeople,
  setRoundRobin,
  type AssignInput,
  type AssignmentActor,
  type AssignResult,
  type SalesSettings,
  type Salesperson,
} from './assignment';
import {
  deliveryCounts,
  openDeliveries,
  type DeliveryCounts,
  type DeliveryListQuery,
  type DeliveryRow,
} from './delivery-list';
import {
  changeImplementationStatus,
  implementationRequestDetail,
  listImplementationRequests,
  recordDocumentDownload,
  type ImplementationDetail,
  type ImplementationListPage,
  type ImplementationStatusChangeResult,
  type InboxActor,
} from './implementation-requests';
import {
  clearFollowUp,
  nextStepOf,
  receivesDigest,
  setDigest,
  setFollowUp,
  todayFollowUps,
  type DueFollowUp,
  type FollowUpResult,
  type NextStep,
} from './follow-ups';
import { readDiscardReasons, setDiscardReasons } from './discard-reasons';
import { inboxCounts, type InboxCounts } from './inbox-counts';
import { leadDetail, type LeadDetail } from './lead-detail';
import { leadsCsv } from './lead-export';
import { listLeads, nextLeadId, type LeadListPage } from './lead-list';
import {
  addLeadNote,
  changeLeadStatus,
  type NoteResult,
  type PipelineActor,
  type StatusChangeResult,
} from './pipeline';
import type { DiscardBreakdown } from './discard-breakdown';
import { salesReports, type LeadReport, type SalespersonRow } from './reports';

export interface InboxService {
  /** One page of /admin/leads; `viewerId` is whose leads "Meus leads" means. */
  leads(filters: LeadFilters, viewerId?: string): Promise<LeadListPage>;
  /** The lead after `currentId` in the list `filters` describe (the lead page's "next"); `wasWaiting`: it was `novo` when opened. */
  nextLeadId(filters: LeadFilters, currentId: string, viewerId?: string, wasWaiting?: boolean): Promise<string | null>;
  leadDetail(id: string): Promise<LeadDetail | null>;
  /** The CSV export of the list, read page by page at one instant (the call's). */
  leadsCsv(filters: LeadFilters, viewerId: string): ReadableStream<Uint8Array>;
  /** Who a lead can be assigned to. */
  salespeople(): Promise<Salesperson[]>;
  changeStatus(input: StatusChangeInput, actor: PipelineActor): Promise<StatusChangeResult>;
  addNote(input: LeadNoteInput, actor: PipelineActor): Promise<NoteResult>;
  assign(input: AssignInput, actor: AssignmentActor): Promise<AssignResult>;
  salesSettings(): Promise<SalesSettings>;
  setRoundRobin(on: boolean, actor: { id: string }): Promise<void>;
  /** The reasons a discard chooses from (besides "outro"), in the admins' order. */
  discardReasons(): Promise<string[]>;
  setDiscardReasons(reasons: string[], actor: { id: string }): Promise<void>;
  /** /admin/relatorios: the period's lead report and the salespeople's. */
  report(period: { de: string; ate: string }): Promise<{
    report: LeadReport;
    bySalesperson: SalespersonRow[];
    discards: DiscardBreakdown;
  }>;
  /** The dashboard's counters. */
  counts(): Promise<InboxCounts>;
  /** /admin/entregas: open deliveries of leads, counted and listed. */
  deliveryCounts(): Promise<DeliveryCounts>;
  openDeliveries(query: DeliveryListQuery): Promise<DeliveryRow[]>;
  implementationRequests(filters: ImplementationFilters): Promise<ImplementationListPage>;
  implementationRequest(id: string): Promise<ImplementationDetail | null>;
  changeImplementationStatus(
    input: ImplementationStatusChangeInput,
    actor: InboxActor,
  ): Promise<ImplementationStatusChangeResult>;
  /** Throws when the record cannot be written: the download must then be refused. */
  recordDocumentDownload(fileId: string, actor: InboxActor): Promise<void>;
  /** A lead's "Próximo passo" (null: none). */
  nextStep(leadId: string): Promise<NextStep | null>;
  setFollowUp(input: FollowUpInput, actor: PipelineActor): Promise<FollowUpResult>;
  clearFollowUp(leadId: string): Promise<void>;
  /** /admin/hoje: the viewer's steps due today and overdue, then the team's. */
  today(viewerId: string): Promise<{ mine: DueFollowUp[]; team: DueFollowUp[] }>;
  /** Whether this person gets the morning digest, and turning it on or off. */
  receivesDigest(userId: string): Promise<boolean>;
  setDigest(userId: string, on: boolean): Promise<void>;
}

export function createInboxService(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'outbox'> & { config: Pick<ServiceDeps['config'], 'siteUrl'> },
): InboxService {
  const { db, now } = deps;
  return {
    leads: (filters, viewerId) => listLeads({ db, now, viewerId }, filters),
    nextLeadId: (filters, currentId, viewerId, wasWaiting) =>
      nextLeadId({ db, now, viewerId }, filters, currentId, wasWaiting),
    leadDetail: (id) => leadDetail({ db, now }, id),
    leadsCsv: (filters, viewerId) => {
      const at = now();
      return leadsCsv({ db, now: () => at, viewerId }, filters);
    },
    salespeople: () => salespeople(db, now()),
    changeStatus: (input, actor) => changeLeadStatus({ db, now }, input, actor),
    addNote: (input, actor) => addLeadNote({ db, now }, input, actor),
    assign: (input, actor) => assignLead(deps, input, actor),
    salesSettings: () => readSalesSettings(db),
    setRoundRobin: (on, actor) => setRoundRobin({ db, now }, on, actor),
    discardReasons: () => readDiscardReasons(db),
    setDiscardReasons: (reasons, actor) => setDiscardReasons({ db, now }, reasons, actor),
    report: (period) => salesReports({ db }, period),
    counts: () => inboxCounts({ db, now }),
    deliveryCounts: () => deliveryCounts({ db }),
    openDeliveries: (query) => openDeliveries({ db }, query),
    implementationRequests: (filters) => listImplementationRequests({ db }, filters),
    implementationRequest: (id) => implementationRequestDetail({ db }, id),
    changeImplementationStatus: (input, actor) => changeImplementationStatus({ db, now }, input, actor),
    recordDocumentDownload: (fileId, actor) => recordDocumentDownload({ db, now }, fileId, actor),
    nextStep: (leadId) => nextStepOf({ db, now }, leadId),
    setFollowUp: (input, actor) => setFollowUp({ db, now }, input, actor),
    clearFollowUp: (leadId) => clearFollowUp(db, leadId),
    today: (viewerId) => todayFollowUps({ db, now }, viewerId),
    receivesDigest: (userId) => receivesDigest(db, userId),
    setDigest: (userId, on) => setDigest({ db, now }, userId, on),
  };
}
