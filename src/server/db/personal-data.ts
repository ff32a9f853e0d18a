/*
 * The shape in which each feature declares the personal data of its tables (its
 * `personal-data.ts`): what each table holds and, for tables holding a data subject's records,
 * how to find, export, anonymise and delete them. The LGPD tools (src/server/lgpd) loop over
 * the declarations; they sit above every feature, so the shape lives here, below them all.
 */
import type { DbOrTx } from './client';

export type PersonalDataDeclaration<Part extends string = string> =
  /** A visitor's or customer's data: found, exported and erased with the rest of their record. */
  | { holds: 'subject'; part: Part }
  /** The team's own accounts and what they did: managed on /admin/usuarios, kept as `kept` says. */
  | { holds: 'team'; kept: string }
  /** Personal data kept a short while, then deleted without anyone asking. */
  | { holds: 'transient'; kept: string }
  /** Keyed hashes or random ids that name nobody by themselves. */
  | { holds: 'pseudonymous'; kept: string }
  | { holds: 'none' };

export type EraseMode = 'anonymize' | 'delete';

/** How other tables name a subject's record (deliveries and form_consents: subject_type). */
export type RecordType = 'lead' | 'implementacao' | 'lgpd';

/** Identifiers a subject's records are matched by: lower-case e-mails, phones and CPFs as digits. */
export interface Identifiers {
  emails: Set<string>;
  phones: Set<string>;
  cpfs: Set<string>;
}

export const noIdentifiers = (): Identifiers => ({ emails: new Set(), phones: new Set(), cpfs: new Set() });

/** Adds a value found on a record to the identifiers a search follows (empty values name nobody). */
export function noteIdentifier(set: Set<string>, value: string | null | undefined) {
  if (value) set.add(value);
}

/** What an export or erasure is about, once the LGPD tools have settled it. */
export interface SubjectScope {
  /** The subject's records that name them directly, by type. */
  ids: Readonly<Record<RecordType, readonly string[]>>;
  /** The e-mails that are the subject's: messages and security events are matched by them. */
  emails: readonly string[];
  /** SHA-256 hashes the audit rows about this subject are kept under. */
  auditHashes: readonly string[];
}

/** A record as the admin sees it among the possible matches of a data-subject request. */
export interface MatchSummary {
  createdAt: Date;
  nome: string | null;
  email: string | null;
  celular: string | null;
  cpf: string | null;
}

export interface RecordRow {
  id: string;
  createdAt: Date;
}

/**
 * A table whose rows name the person directly (a lead, an implementation request, a
 * data-subject request): the LGPD tools decide which rows are the subject's from these.
 */
export interface SubjectRecords<Row extends RecordRow> {
  type: RecordType;
  /** The rows carrying one of `ids`. */
  matching(db: DbOrTx, ids: Identifiers): Promise<Row[]>;
  /** Adds the identifiers on `rows` that the admin's search may follow to `ids`. */
  learn(rows: readonly Row[], ids: Identifiers): void;
  summary(row: Row): MatchSummary;
}

/**
 * One feature's share of a data subject's record. `Found` is what `find` adds to it, one
 * key per `part` its tables declare; `own` are the feature's records the scope settled on
 * (`records`), none for a feature without any.
 */
export interface SubjectHandlers<Found extends object, Row extends RecordRow = RecordRow> {
  records?: SubjectRecords<Row>;
  /** The feature's rows about the subject, newest first. */
  find(db: DbOrTx, scope: SubjectScope, own: Row[]): Promise<Found>;
  /** Its fields of the export file; a field two features share is one list, in their order. */
  exportFields(db: DbOrTx, found: Found): Promise<Record<string, readonly unknown[]>>;
  /** Anonymises or deletes what `find` found, inside the caller's transaction. */
  erase(tx: DbOrTx, found: Found, mode: EraseMode, now: Date): Promise<void>;
  /** How many rows of each kind, for the audit row. */
  counts(found: Found): Record<string, number>;
  /** Whether anything found names the person (an anonymised row no longer does). */
  namesSomeone(found: Found): boolean;
}

/** A feature's tables by SQL name, and how its subject's part is handled if it has one. */
export interface PersonalDataPart<Found extends object = object, Row extends RecordRow = RecordRow> {
  tables: Readonly<Record<string, PersonalDataDeclaration<Extract<keyof Found, string>>>>;
  subject?: SubjectHandlers<Found, Row>;
}

/** Sorts `rows` newest first, in place. */
export const newestFirst = <T extends { createdAt: Date }>(rows: T[]) =>
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
