import { describe, expect, it } from 'vitest';
import type { LgpdAuditRow } from '~/server/db/schema/lgpd';
import { crmSteps, manualTools } from '~/server/lgpd/crm-steps';

const row = (over: Partial<LgpdAuditRow> & Pick<LgpdAuditRow, 'id' | 'action' | 'at' | 'counts'>): LgpdAuditRow => ({
  actorId: 'admin-1',
  actorEmail: 'ana@pilota.example',
  identifierKind: 'email',
  subjectHash: 'hash-1',
  requestId: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('manualTools', () => {
  it('owes the tools whose API could not delete or failed, never those done or with nothing there', () => {
    expect(
      manualTools({
        pipedrive: { status: 'deleted', records: 2 },
        hubspot: { status: 'failed', reason: 'HubSpot fora do ar' },
        rdstation: { status: 'manual' },
      }),
    ).toEqual(['rdstation', 'hubspot']);
    expect(manualTools({ pipedrive: { status: 'none' } })).toEqual([]);
    expect(manualTools({})).toEqual([]);
  });
});

describe('crmSteps', () => {
  const owed = row({
    id: 'm1',
    action: 'crm_manual',
    at: at('2026-11-20T12:00:00Z'),
    counts: { rdstation: 1, hubspot: 1 },
  });

  it('lists each tool an erasure owes, pending until a later "done" for that tool', () => {
    const done = row({
      id: 'd1',
      action: 'crm_done',
      at: at('2026-11-21T09:30:00Z'),
      counts: { rdstation: 1 },
      actorEmail: 'bia@pilota.example',
    });
    expect(crmSteps([done, owed])).toEqual([
      { auditId: 'm1', tool: 'rdstation', since: owed.at, done: { at: done.at, by: 'bia@pilota.example' } },
      { auditId: 'm1', tool: 'hubspot', since: owed.at, done: undefined },
    ]);
  });

  it('a "done" from before the erasure, or for another subject, answers nothing', () => {
    const early = row({ id: 'd0', action: 'crm_done', at: at('2026-11-19T00:00:00Z'), counts: { rdstation: 1 } });
    const other = row({
      id: 'd2',
      action: 'crm_done',
      at: at('2026-11-22T00:00:00Z'),
      counts: { rdstation: 1 },
      subjectHash: 'hash-2',
    });
    expect(crmSteps([owed, early, other]).every((step) => step.done === undefined)).toBe(true);
  });

  it('the newest erasure first; exports and erasures themselves owe nothing', () => {
    const later = row({ id: 'm2', action: 'crm_manual', at: at('2026-11-25T12:00:00Z'), counts: { pipedrive: 1 } });
    const erase = row({ id: 'e1', action: 'delete', at: at('2026-11-25T11:59:59Z'), counts: { leads: 1 } });
    expect(crmSteps([owed, erase, later]).map((step) => [step.auditId, step.tool])).toEqual([
      ['m2', 'pipedrive'],
      ['m1', 'rdstation'],
      ['m1', 'hubspot'],
    ]);
  });
});
