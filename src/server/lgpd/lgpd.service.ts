/*
 * The data subject's side of LGPD for the admin area (built once in src/server/compose.ts):
 * finding everything about one person, exporting it as a file, erasing it. Each verb
 * calls the stateless functions of ./subject.service.ts with the runtime's database and clock.
 */
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Actor } from '../actor';
import type { ConnectorsConfig } from '../connectors/config';
import { eraseInCrms, type CrmErasure } from '../connectors/erasure';
import type { ServiceDeps } from '../service-deps';
import { manualTools, recordManualTools, recordToolDone, type CrmStep, type CrmTool } from './crm-steps';
import { eraseSubject, exportSubject, findSubject, type EraseMode, type ScopeChoice } from './subject.service';
import type { SubjectData } from './subject-find';

/** Who answers for the data in an exported file (the company and its encarregado). */
export interface DataController {
  legalName: string;
  registration: string;
  encarregado: { nome: string; email: string };
}

export interface LgpdService {
  /**
   * The records carrying the identifier (with `choice.requestId`, the request's confirmed
   * e-mail) and the possible matches `choice.include` names; the others listed, not included.
   */
  findSubject(identifier: SubjectIdentifier, choice?: ScopeChoice): Promise<SubjectData>;
  /** The export file (recorded in the audit trail) and when it was made. */
  exportSubject(
    identifier: SubjectIdentifier,
    actor: Actor,
    controller: DataController,
    choice?: ScopeChoice,
  ): Promise<{ file: object; data: SubjectData; at: Date }>;
  /**
   * Anonymises or deletes what findSubject finds (how many rows of each kind it touched), then
   * erases the person in the configured CRMs where their APIs allow (src/server/connectors/erasure.ts):
   * `crm` says what each did, or that the admin must do it by hand.
   */
  eraseSubject(
    identifier: SubjectIdentifier,
    mode: EraseMode,
    actor: Actor,
    choice?: ScopeChoice,
  ): Promise<{ counts: Record<string, number>; crm: CrmErasure; crmSteps: CrmStep[] }>;
  /**
   * Records that the admin deleted the person by hand in `tool`, owed since the erasure whose
   * `crm_manual` audit row is `auditId` (./crm-steps.ts). False when that erasure owes no such step.
   */
  markCrmStepDone(auditId: string, tool: CrmTool, actor: Actor): Promise<boolean>;
}

export function createLgpdService(
  deps: Pick<ServiceDeps, 'db' | 'now'> & { config?: { connectors?: ConnectorsConfig | undefined } | undefined },
): LgpdService {
  return {
    findSubject: (identifier, choice) => findSubject(deps.db, identifier, choice),
    exportSubject: async (identifier, actor, controller, choice) => {
      const at = deps.now();
      return { ...(await exportSubject(deps.db, identifier, actor, at, controller, choice)), at };
    },
    eraseSubject: async (identifier, mode, actor, choice) => {
      // What the CRMs know the person by, read before Pilota's copy is gone.
      const before = await findSubject(deps.db, identifier, choice);
      const counts = await eraseSubject(deps.db, identifier, mode, actor, deps.now(), choice);
      const emails = [
        ...before.leads.map((lead) => lead.email),
        ...(identifier.kind === 'email' ? [identifier.value] : []),
      ];
      const crm = await eraseInCrms(deps.config?.connectors ?? {}, {
        emails,
        leadIds: before.leads.map((lead) => lead.id),
      });
      // What is left to the admin's hands is kept, so the page can say later whether it was done.
      const tools = manualTools(crm);
      const since = deps.now();
      const auditId = await recordManualTools(deps.db, before.basis, tools, actor, since);
      const crmSteps = auditId ? tools.map((tool) => ({ auditId, tool, since, done: undefined })) : [];
      return { counts, crm, crmSteps };
    },
    markCrmStepDone: (auditId, tool, actor) => recordToolDone(deps.db, auditId, tool, actor, deps.now()),
  };
}
