/*
 * Where the site keeps personal data, table by table. Every table of src/server/db/schema is
 * declared here, and tests/unit/personal-data.test.ts fails for a table left out. A feature that
 * adds a table says, beside the others, whether the table holds personal data and what reaches
 * it. The LGPD tools find a data subject's records through ./subject-find.ts: each of its
 * parts must be some table's `part`, and the reverse.
 */
import type { SubjectData } from './subject-find';

/** The parts of a data subject's record (./subject-find.ts) that come from tables. */
export type SubjectPart = Exclude<keyof SubjectData, 'identifier' | 'possibleMatches' | 'proof'>;

export type PersonalDataDeclaration =
  /** A visitor's or customer's data: found, exported and erased with the rest of their record. */
  | { holds: 'subject'; part: SubjectPart }
  /** The team's own accounts and what they did: managed on /admin/usuarios, kept as `kept` says. */
  | { holds: 'team'; kept: string }
  /** Personal data kept a short while, then deleted without anyone asking. */
  | { holds: 'transient'; kept: string }
  /** Keyed hashes or random ids that name nobody by themselves. */
  | { holds: 'pseudonymous'; kept: string }
  | { holds: 'none' };

/** Every table of the schema, by its SQL name. */
export const PERSONAL_DATA: Readonly<Record<string, PersonalDataDeclaration>> = {
  // Leads and the sales inbox.
  contatos: { holds: 'subject', part: 'leads' },
  lead_notes: { holds: 'subject', part: 'notes' },
  lead_status_changes: { holds: 'subject', part: 'leadHistory' },
  lead_assignments: { holds: 'team', kept: 'with its lead (deleted with it)' },
  sales_settings: { holds: 'none' },
  // The reports' daily counts; a salesperson's rows name their account.
  lead_daily: { holds: 'team', kept: 'rebuilt from the leads it counts' },
  lead_daily_stale: { holds: 'none' },

  // Implementation requests and their documents.
  solicitacoes_implementacao: { holds: 'subject', part: 'implementations' },
  implementation_status_changes: { holds: 'subject', part: 'implementationHistory' },
  private_files: { holds: 'subject', part: 'documents' },
  document_downloads: { holds: 'team', kept: 'for good: the record of who opened which document' },
  document_uploads: { holds: 'transient', kept: 'an hour, unless submitted (housekeeping)' },
  document_upload_chunks: { holds: 'transient', kept: 'an hour, unless submitted (housekeeping)' },

  // Consent, data-subject requests, what was sent.
  form_consents: { holds: 'subject', part: 'consents' },
  lgpd_requests: { holds: 'subject', part: 'requests' },
  lgpd_audit: { holds: 'subject', part: 'audit' },
  deliveries: { holds: 'subject', part: 'deliveries' },
  delivery_targets: { holds: 'none' },
  security_events: { holds: 'subject', part: 'securityEvents' },
  cookie_consents: { holds: 'pseudonymous', kept: "the cookie's random id, for good: the proof of the choice" },

  // Accounts and sign-in.
  auth_user: { holds: 'team', kept: 'while the account exists; never-confirmed sign-ups a week' },
  auth_session: { holds: 'team', kept: 'until the session ends' },
  auth_account: { holds: 'team', kept: 'while the account exists' },
  auth_verification: { holds: 'transient', kept: 'until the link expires' },
  auth_login_attempts: { holds: 'transient', kept: 'a day after the last failed sign-in (housekeeping)' },
  team_invitations: { holds: 'team', kept: '30 days after it closed (housekeeping)' },
  rate_limits: { holds: 'pseudonymous', kept: 'a day after the last hit (housekeeping)' },

  // Blog: public posts, and the team member who wrote or uploaded them.
  blog_posts: { holds: 'team', kept: "the author's account id, as long as the post" },
  blog_images: { holds: 'team', kept: "the uploader's account id, as long as the image" },
  blog_image_variants: { holds: 'none' },
  blog_meta: { holds: 'none' },

  // Visit analytics: a day's visitor key, then counts.
  analytics_events: { holds: 'pseudonymous', kept: 'the day’s visitor key, RETENTION_ANALYTICS_EVENT_DAYS' },
  analytics_salts: { holds: 'none' },
  analytics_daily: { holds: 'none' },
  analytics_daily_dims: { holds: 'none' },
  analytics_daily_pairs: { holds: 'none' },
};
