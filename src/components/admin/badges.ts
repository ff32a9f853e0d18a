/*
 * The admin area's badges, one entry per kind of value: its label comes from the copy
 * catalogue (never the raw value) and its tone from the map below, so a status looks the
 * same on every page. The colour repeats the text, never replaces it; every tone's text
 * keeps 4.5:1 contrast on its background.
 */
import { adminCopy } from '~/messages/auth';
import { editorCopy } from '~/messages/blog';
import { followUpStateLabels } from '~/messages/inbox/follow-ups';
import { deliveryStatusLabels, leadStatusLabels } from '~/messages/inbox/labels';
import { lgpdAdminCopy } from '~/messages/lgpd-admin';

export type BadgeTone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'alert' | 'danger';

export const BADGE_TONE_CLASSES: Record<BadgeTone, string> = {
  neutral: 'bg-slate-200 text-slate-800',
  info: 'bg-sky-100 text-sky-900',
  progress: 'bg-violet-100 text-violet-900',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  alert: 'bg-red-100 text-red-900',
  danger: 'bg-red-700 text-white',
};

/** Labels and a tone for each of them: the tones name every value the labels do. */
const badge = <Labels extends Record<string, string>>(labels: Labels, tones: Record<keyof Labels, BadgeTone>) => ({
  labels,
  tones,
});

export const BADGES = {
  leadStatus: badge(leadStatusLabels, {
    novo: 'info',
    em_contato: 'warning',
    qualificado: 'progress',
    convertido: 'success',
    descartado: 'neutral',
  }),
  deliveryStatus: badge(deliveryStatusLabels, {
    pending: 'neutral',
    retrying: 'warning',
    failed: 'danger',
    sent: 'success',
    logged: 'neutral',
  }),
  dsrStatus: badge(lgpdAdminCopy.status, {
    overdue: 'danger',
    open: 'warning',
    done: 'success',
    anonymized: 'neutral',
  }),
  severity: badge(adminCopy.severityLabels, {
    info: 'neutral',
    warning: 'warning',
    error: 'alert',
    critical: 'danger',
  }),
  postStatus: badge(editorCopy.statusLabels, { draft: 'warning', published: 'success' }),
  followUpState: badge(followUpStateLabels, { atrasado: 'danger', hoje: 'info', depois: 'neutral' }),
};

export type BadgeKind = keyof typeof BADGES;
export type BadgeValue<Kind extends BadgeKind> = keyof (typeof BADGES)[Kind]['labels'] & string;

/**
 * A value read from loose data (a JSON detail) as one of the kind's, or `fallback`.
 * @example badgeValue('severity', event.details['severity'], 'info')
 */
export function badgeValue<Kind extends BadgeKind>(
  kind: Kind,
  value: unknown,
  fallback: BadgeValue<Kind>,
): BadgeValue<Kind> {
  return typeof value === 'string' && Object.hasOwn(BADGES[kind].labels, value)
    ? (value as BadgeValue<Kind>)
    : fallback;
}
