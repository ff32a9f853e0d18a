/*
 * The data subject's side of LGPD for the admin area (built once in src/server/compose.ts):
 * finding everything about one person, exporting it as a file, erasing it. Each verb
 * calls the stateless functions of ./subject.service.ts with the runtime's database and clock.
 */
import type { SubjectIdentifier } from '~/lib/lgpd-identifier';
import type { Actor } from '../actor';
import type { ServiceDeps } from '../service-deps';
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
  /** Anonymises or deletes what findSubject finds; how many rows of each kind it touched. */
  eraseSubject(
    identifier: SubjectIdentifier,
    mode: EraseMode,
    actor: Actor,
    choice?: ScopeChoice,
  ): Promise<Record<string, number>>;
}

export function createLgpdService(deps: Pick<ServiceDeps, 'db' | 'now'>): LgpdService {
  return {
    findSubject: (identifier, choice) => findSubject(deps.db, identifier, choice),
    exportSubject: async (identifier, actor, controller, choice) => {
      const at = deps.now();
      return { ...(await exportSubject(deps.db, identifier, actor, at, controller, choice)), at };
    },
    eraseSubject: (identifier, mode, actor, choice) =>
      eraseSubject(deps.db, identifier, mode, actor, deps.now(), choice),
  };
}
