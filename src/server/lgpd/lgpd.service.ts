/*
 * The data subject's side of LGPD for the admin area (built once in src/server/compose.ts):
 * finding everything about one person, exporting it as a file, erasing it. Each verb
 * calls the stateless functions of ./subject.service.ts with the runtime's database and clock.
 */
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Actor } from '../actor';
import type { ServiceDeps } from '../service-deps';
import { eraseSubject, exportSubject, findSubject, type EraseMode, type RequestScope } from './subject.service';
import type { SubjectData } from './subject-find';

/** Who answers for the data in an exported file (the company and its encarregado). */
export interface DataController {
  legalName: string;
  registration: string;
  encarregado: { nome: string; email: string };
}

export interface LgpdService {
  /** Every record about the person; with `request`, only what that data-subject request proved. */
  findSubject(identifier: SubjectIdentifier, request?: RequestScope): Promise<SubjectData>;
  /** The export file (recorded in the audit trail) and when it was made. */
  exportSubject(
    identifier: SubjectIdentifier,
    actor: Actor,
    controller: DataController,
    request?: RequestScope,
  ): Promise<{ file: object; data: SubjectData; at: Date }>;
  /** Anonymises or deletes everything about the person; how many rows of each kind it touched. */
  eraseSubject(
    identifier: SubjectIdentifier,
    mode: EraseMode,
    actor: Actor,
    request?: RequestScope,
  ): Promise<Record<string, number>>;
}

export function createLgpdService(deps: Pick<ServiceDeps, 'db' | 'now'>): LgpdService {
  return {
    findSubject: (identifier, request) => findSubject(deps.db, identifier, request),
    exportSubject: async (identifier, actor, controller, request) => {
      const at = deps.now();
      return { ...(await exportSubject(deps.db, identifier, actor, at, controller, request)), at };
    },
    eraseSubject: (identifier, mode, actor, request) =>
      eraseSubject(deps.db, identifier, mode, actor, deps.now(), request),
  };
}
