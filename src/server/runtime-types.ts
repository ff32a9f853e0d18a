/*
 * What the composition root (src/server/compose.ts, booted by src/server/runtime.ts) hands
 * out: the Runtime every route, action and feature reaches through (`Astro.locals.runtime`
 * in the app, the argument of a feature's hooks), and the Feature shape. Types only, apart
 * from the modules that build them: features and services import these, the root imports
 * the features, and no import leads back to the root.
 */
import type { DashboardService } from './admin/dashboard.service';
import type { AnalyticsService } from './analytics/analytics.service';
import type { Auth } from './auth/auth';
import type { TeamService } from './auth/team.service';
import type { BlogService } from './blog/blog.service';
import type { CookieConsentService } from './cookie-consent/cookie-consent.service';
import type { DatabaseHandle } from './db/client';
import type { DeliveriesService } from './delivery/deliveries-types';
import type { ImplementationService } from './implementation/implementation.service';
import type { LeadService } from './leads/lead.service';
import type { ExportSlots } from './inbox/export-slots';
import type { InboxService } from './inbox/inbox.service';
import type { DsrService } from './lgpd/dsr.service';
import type { OpsService } from './ops/ops.service';
import type { LgpdService } from './lgpd/lgpd.service';
import type { ServiceDeps } from './service-deps';

/** The services built once per runtime on top of the shared dependencies. */
export interface Services {
  /** Better Auth, on the runtime's database; `security` records its events. */
  auth: Auth;
  leads: LeadService;
  implementation: ImplementationService;
  /** Data-subject requests (LGPD). */
  dsr: DsrService;
  /** One person's data for the admin: find, export, erase (LGPD art. 18). */
  lgpd: LgpdService;
  /** The admin team: members, roles, invitations and the invitation page. */
  team: TeamService;
  /** Public blog pages and the editor's writes (src/server/blog). */
  blog: BlogService;
  /** The cookie banner's recorded choices. */
  cookieConsent: CookieConsentService;
  /** How many CSV exports run at once (per person and in all). */
  exportSlots: ExportSlots;
  /** The sales inbox: leads, implementation requests, deliveries and reports as the team works them. */
  inbox: InboxService;
  /** Cookieless visit counting: the beacon's ingest and the reports' roll-ups (src/server/analytics). */
  analytics: AnalyticsService;
  /** The first admin page's counts and latest rows (/blog/admin). */
  dashboard: DashboardService;
  /** The team's re-sends and, on Netlify, delivering right after the answer; `delivery` is the engine. */
  deliveries: DeliveriesService;
  /** Readiness, health and metrics probes (liveness answers without the runtime). */
  ops: OpsService;
}

/**
 * One process's (or one Netlify invocation's) runtime: the shared dependencies every service
 * takes (ServiceDeps), the services built on them, and the lifecycle. Read-only queries may
 * take `runtime.db` directly; anything with state or settings is a service here.
 */
export interface Runtime extends Omit<ServiceDeps, 'log'>, Services {
  database: DatabaseHandle;
  stop: () => Promise<void>;
}

/** Undoes what a feature's start opened (timers, sockets); called once when the runtime stops. */
export type StopFeature = () => Promise<void>;

export interface Feature {
  name: string;
  /** Before the queue starts: define workers. */
  setup?: (runtime: Runtime) => void;
  /**
   * After the queue started; errors are logged, never fatal. What it opens it closes in the
   * stop it returns, so a feature module keeps no state of its own.
   */
  onStart?: (runtime: Runtime) => Promise<StopFeature | void>;
  /** Before the queue stops (for features whose teardown needs no state from their start). */
  onStop?: (runtime: Runtime) => Promise<void>;
}
