/*
 * The records that name a data subject directly — leads, implementation requests and
 * data-subject requests — matched by e-mail, phone or CPF, optionally following the other
 * identifiers found on them for a few rounds (a CPF leads to the implementation request,
 * whose e-mail leads to the person's leads). The access e-mail of an implementation request
 * is matched but not followed: for a company it may be a shared address.
 *
 * Following is only for the admin's own search and for listing possible matches: nothing
 * the site holds proves that a phone or CPF typed on a form belongs to whoever typed it
 * (./subject-scope.ts decides what a data-subject request may reach).
 */
import { getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { solicitacoesImplementacao, type SolicitacaoImplementacao } from '../db/schema/implementation';
import { contatos, type Contato } from '../db/schema/leads';
import { dsrRequests, type DsrRequest } from '../db/schema/lgpd';
import { sha256Hex } from './dsr.service';

const MAX_ROUNDS = 3;

export type ImplementationRow = Omit<SolicitacaoImplementacao, 'senhaHash'>;

export interface Identifiers {
  emails: Set<string>;
  phones: Set<string>;
  cpfs: Set<string>;
}

export interface CoreRecords {
  leads: Contato[];
  implementations: ImplementationRow[];
  requests: DsrRequest[];
}

export const noIdentifiers = (): Identifiers => ({ emails: new Set(), phones: new Set(), cpfs: new Set() });

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');
const add = (set: Set<string>, value: string | null | undefined) => {
  if (value) set.add(value);
};

function leadMatch(ids: Identifiers): SQL | undefined {
  return or(
    inArray(sql`lower(${contatos.email})`, [...ids.emails]),
    inArray(sql`regexp_replace(${contatos.celular}, '\\D', '', 'g')`, [...ids.phones]),
  );
}

function implementationMatch(ids: Identifiers): SQL | undefined {
  const s = solicitacoesImplementacao;
  const emails = [...ids.emails];
  const phones = [...ids.phones];
  const cpfs = [...ids.cpfs];
  return or(
    inArray(sql`lower(${s.email})`, emails),
    inArray(sql`lower(${s.responsavelEmail})`, emails),
    inArray(sql`lower(${s.emailAcesso})`, emails),
    inArray(s.celular, phones),
    inArray(s.responsavelCelular, phones),
    inArray(s.cpf, cpfs),
    inArray(s.responsavelCpf, cpfs),
  );
}

function requestMatch(ids: Identifiers): SQL | undefined {
  return or(
    inArray(dsrRequests.email, [...ids.emails]),
    inArray(dsrRequests.emailHash, [...ids.emails].map(sha256Hex)),
    inArray(dsrRequests.cpf, [...ids.cpfs]),
  );
}

/** Every column but the password hash, which no admin screen or export ever shows. */
const IMPLEMENTATION_COLUMNS = (() => {
  const { senhaHash: _omit, ...columns } = getTableColumns(solicitacoesImplementacao);
  return columns;
})();

/** Adds the identifiers found on `records` to `ids` (the implementation's access e-mail excepted). */
function learn(ids: Identifiers, records: CoreRecords) {
  for (const lead of records.leads) {
    add(ids.emails, lead.email.toLowerCase());
    add(ids.phones, digits(lead.celular));
  }
  for (const request of records.implementations) {
    if (request.tipoDocumento === 'cpf') {
      add(ids.emails, request.email?.toLowerCase());
      add(ids.phones, request.celular);
      add(ids.cpfs, request.cpf);
    } else {
      add(ids.emails, request.responsavelEmail?.toLowerCase());
      add(ids.phones, request.responsavelCelular);
      add(ids.cpfs, request.responsavelCpf);
    }
  }
  for (const request of records.requests) {
    add(ids.emails, request.email);
    add(ids.cpfs, request.cpf);
  }
}

const size = (ids: Identifiers) => ids.emails.size + ids.phones.size + ids.cpfs.size;

/**
 * The records matching `ids`. With `follow`, `ids` grows with the identifiers found on them
 * and the search repeats until nothing new turns up (a few rounds at most); without, `ids`
 * is left as it was and only records that carry one of them are returned.
 */
export async function findRecords(db: DbOrTx, ids: Identifiers, follow: boolean): Promise<CoreRecords> {
  let records: CoreRecords = { leads: [], implementations: [], requests: [] };
  for (let round = 0; round < (follow ? MAX_ROUNDS : 1); round++) {
    if (size(ids) === 0) break;
    const before = size(ids);
    // One after the other: inside a transaction they share one connection.
    const leads = await db.select().from(contatos).where(leadMatch(ids));
    const implementations = await db
      .select(IMPLEMENTATION_COLUMNS)
      .from(solicitacoesImplementacao)
      .where(implementationMatch(ids));
    const requests = await db.select().from(dsrRequests).where(requestMatch(ids));
    records = { leads, implementations, requests };
    if (!follow) break;
    learn(ids, records);
    if (size(ids) === before) break;
  }
  return records;
}
