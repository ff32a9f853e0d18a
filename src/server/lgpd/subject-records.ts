/*
 * The records that name a data subject directly — each feature's `records` in the registry
 * (./personal-data.ts): leads, implementation requests, data-subject requests — matched by
 * e-mail, phone or CPF, optionally following the other identifiers found on them for a few
 * rounds (a CPF leads to the implementation request, whose e-mail leads to the person's leads).
 *
 * Following is only for listing possible matches: nothing the site holds proves that a
 * phone or CPF typed on a form belongs to whoever typed it (./subject-scope.ts decides what
 * an export or erasure may reach).
 */
import type { DbOrTx } from '../db/client';
import type { Identifiers, RecordRow, RecordType } from '../db/personal-data';
import { RECORD_SOURCES } from './personal-data';

const MAX_ROUNDS = 3;

/** A subject's records by type. */
export type CoreRecords = ReadonlyMap<RecordType, RecordRow[]>;

/** The records of one type (none when nothing was searched). */
export const recordsOf = (records: CoreRecords, type: RecordType) => records.get(type) ?? [];

const size = (ids: Identifiers) => ids.emails.size + ids.phones.size + ids.cpfs.size;

/**
 * The records matching `ids`. With `follow`, `ids` grows with the identifiers found on them
 * and the search repeats until nothing new turns up (a few rounds at most); without, `ids`
 * is left as it was and only records that carry one of them are returned.
 */
export async function findRecords(db: DbOrTx, ids: Identifiers, follow: boolean): Promise<CoreRecords> {
  let records: CoreRecords = new Map();
  for (let round = 0; round < (follow ? MAX_ROUNDS : 1); round++) {
    if (size(ids) === 0) break;
    const before = size(ids);
    const found = new Map<RecordType, RecordRow[]>();
    // One after the other: inside a transaction they share one connection.
    for (const source of RECORD_SOURCES) found.set(source.type, await source.matching(db, ids));
    records = found;
    if (!follow) break;
    for (const source of RECORD_SOURCES) source.learn(recordsOf(found, source.type), ids);
    if (size(ids) === before) break;
  }
  return records;
}
