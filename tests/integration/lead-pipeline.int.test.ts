/*
 * Moving a lead through the pipeline and noting it (src/server/inbox/pipeline.ts) on every
 * engine: who, when, from and to are recorded; a change someone else made first is reported
 * as stale, never overwritten (also when two arrive at once); an unknown lead is not_found;
 * a discard's reason comes from the admins' list (or "outro" with words); history newest first.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contatos } from '~/server/db/schema';
import { DEFAULT_DISCARD_REASONS } from '~/lib/discard-reasons';
import { readDiscardReasons, setDiscardReasons } from '~/server/inbox/discard-reasons';
import { addLeadNote, changeLeadStatus, leadTimeline } from '~/server/inbox/pipeline';
import { engines, useTestDatabase } from '../support/db';
import { aLeadRow } from '../support/leads';

const NOW = new Date('2026-11-23T15:00:00Z');
const ana = { id: 'u-ana', name: 'Ana' };
const beto = { id: 'u-beto', name: 'Beto' };
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('lead pipeline on %s', (engine) => {
  const t = useTestDatabase(engine);
  const deps = () => ({ db: t.db, now: () => NOW });
  const newLead = async () => {
    const [row] = await t.db
      .insert(contatos)
      .values(aLeadRow({ nome: 'Lia', email: 'lia@exemplo.com', consentAt: NOW }))
      .returning();
    return row!.id;
  };

  it('moves a lead, records the change and the notes in its timeline', async () => {
    const leadId = await newLead();
    expect(await changeLeadStatus(deps(), { leadId, de: 'novo', para: 'em_contato' }, ana)).toEqual({
      status: 'changed',
      changedAt: NOW,
    });
    expect(await addLeadNote(deps(), { leadId, texto: 'Pediu retorno amanhã' }, ana)).toMatchObject({
      status: 'added',
    });
    expect(
      await changeLeadStatus(deps(), { leadId, de: 'em_contato', para: 'descartado', motivo: 'Sem interesse' }, beto),
    ).toMatchObject({ status: 'changed' });
    const [lead] = await t.db.select().from(contatos).where(eq(contatos.id, leadId));
    expect(lead).toMatchObject({ status: 'descartado', statusChangedAt: NOW });
    const timeline = await leadTimeline(deps(), leadId);
    expect(
      timeline.map((item) =>
        item.kind === 'status'
          ? `${item.change.fromStatus}→${item.change.toStatus} ${item.change.userName} ${item.change.reason ?? ''}`.trim()
          : item.kind === 'note'
            ? `nota ${item.note.body}`
            : item.kind,
      ),
    ).toEqual(
      expect.arrayContaining([
        'novo→em_contato Ana',
        'nota Pediu retorno amanhã',
        'em_contato→descartado Beto Sem interesse',
      ]),
    );
  });

  it('reads the history newest first', async () => {
    const leadId = await newLead();
    let at = NOW.getTime();
    const later = { db: t.db, now: () => new Date((at += 60_000)) };
    await changeLeadStatus(later, { leadId, de: 'novo', para: 'em_contato' }, ana);
    await addLeadNote(later, { leadId, texto: 'Primeira ligação' }, ana);
    await changeLeadStatus(later, { leadId, de: 'em_contato', para: 'qualificado' }, ana);
    const timeline = await leadTimeline(deps(), leadId);
    expect(timeline.map((item) => (item.kind === 'status' ? item.change.toStatus : item.kind))).toEqual([
      'qualificado',
      'note',
      'em_contato',
    ]);
  });

  it("takes a discard's reason from the admins' list as it is now, or as 'Outro: ' and the words", async () => {
    await setDiscardReasons(deps(), ['Sem verba', 'Já é cliente'], ana);
    expect(await readDiscardReasons(t.db)).toEqual(['Sem verba', 'Já é cliente']);
    const leadId = await newLead();
    // A reason of the default list the admins removed is refused, and nothing changes.
    expect(
      await changeLeadStatus(deps(), { leadId, de: 'novo', para: 'descartado', motivo: 'Sem interesse' }, ana),
    ).toEqual({ status: 'unknown_reason' });
    expect(await leadTimeline(deps(), leadId)).toEqual([]);
    await changeLeadStatus(deps(), { leadId, de: 'novo', para: 'descartado', motivo: 'Sem verba' }, ana);
    const other = await newLead();
    await changeLeadStatus(
      deps(),
      { leadId: other, de: 'novo', para: 'descartado', motivo: 'outro', motivoOutro: 'Fechou a imobiliária' },
      ana,
    );
    const reasons = await Promise.all(
      [leadId, other].map(async (id) => {
        const [entry] = await leadTimeline(deps(), id);
        return entry?.kind === 'status' ? entry.change.reason : undefined;
      }),
    );
    expect(reasons).toEqual(['Sem verba', 'Outro: Fechou a imobiliária']);
    await setDiscardReasons(deps(), [...DEFAULT_DISCARD_REASONS], ana);
  });

  it('reports a change someone else made first, and leaves it as they set it', async () => {
    const leadId = await newLead();
    await changeLeadStatus(deps(), { leadId, de: 'novo', para: 'em_contato' }, ana);
    expect(await changeLeadStatus(deps(), { leadId, de: 'novo', para: 'qualificado' }, beto)).toEqual({
      status: 'stale',
      current: 'em_contato',
      // Who made it, so the refusal can say so.
      by: { id: ana.id, name: ana.name },
    });
    const [lead] = await t.db.select({ status: contatos.status }).from(contatos).where(eq(contatos.id, leadId));
    expect(lead!.status).toBe('em_contato');
  });

  it('lets only one of two simultaneous changes through', async () => {
    const leadId = await newLead();
    const results = await Promise.all([
      changeLeadStatus(deps(), { leadId, de: 'novo', para: 'em_contato' }, ana),
      changeLeadStatus(deps(), { leadId, de: 'novo', para: 'descartado', motivo: 'Contato duplicado' }, beto),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['changed', 'stale']);
    expect((await leadTimeline(deps(), leadId)).length).toBe(1);
  });

  it('answers not_found for a lead that does not exist', async () => {
    expect(await changeLeadStatus(deps(), { leadId: MISSING, de: 'novo', para: 'em_contato' }, ana)).toEqual({
      status: 'not_found',
    });
    expect(await addLeadNote(deps(), { leadId: MISSING, texto: 'x' }, ana)).toEqual({ status: 'not_found' });
  });
});
