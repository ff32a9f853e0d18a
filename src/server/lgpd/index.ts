/*
 * LGPD: data-subject requests (filed on /lgpd, confirmed by e-mail, answered by the team)
 * and the admin's search, export and erasure of one person's data. Routes reach them as
 * `runtime.dsr` and `runtime.lgpd`; this face holds the shapes pages render.
 */
export { hasPersonalData, type PossibleMatch, type SubjectData } from './subject.service';
export type { EraseMode } from './subject.service';
export type { DsrService, FileResult } from './dsr.service';
export type { DataController, LgpdService } from './lgpd.service';
export type { CrmErasure, CrmErasureOutcome } from '../connectors/erasure';
export { CRM_TOOLS, crmSteps, type CrmStep, type CrmTool } from './crm-steps';
