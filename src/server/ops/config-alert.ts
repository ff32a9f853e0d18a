/*
 * The team's alert when a connector refuses Pilota's configuration (a 401/403 for a wrong key,
 * HubSpot's 404 for an unknown form): every delivery to it fails at once until someone fixes
 * the variable, so the team hears of it as it happens, with the pt-BR hint that names the
 * variable — once per connector and ALERT_REPEAT_MINUTES, however many leads fail meanwhile,
 * through the same claim in `rate_limits` as the other alerts (./alerts.ts), so two instances
 * never send it twice. The delivery engine awaits it (src/server/delivery/engine.ts); it never throws.
 */
import { opsAlertMessages as copy } from '~/messages/ops-alerts';
import { deliveryKindLabels } from '~/messages/inbox/labels';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import type { MisconfiguredFailure } from '../transport/transport';
import { claim, lastSent, type AlertDeps } from './alerts';
import { systemClock } from '../clock';

/** Sends the alert for `failure`'s connector unless one went out within the repeat period; true when this call sent it. */
export async function alertMisconfigured(deps: AlertDeps, failure: MisconfiguredFailure): Promise<boolean> {
  const log = deps.log ?? componentLogger('alerts');
  const now = (deps.now ?? systemClock)();
  const name = `connector-misconfigured:${failure.kind}`;
  const service = deliveryKindLabels[failure.kind];
  try {
    const previous = await lastSent(deps.db, name);
    if (previous && now.getTime() - previous.getTime() < deps.config.alertRepeatMs) return false;
    if (!(await claim(deps.db, name, previous, now))) return false;
    const subject = copy.misconfiguredSubject(service);
    log.error({ alert: name }, subject);
    const text = [
      copy.misconfiguredIntro(service),
      failure.error,
      '',
      copy.misconfiguredAfterFix,
      '',
      copy.repeatNote(Math.round(deps.config.alertRepeatMs / 60_000)),
    ].join('\n');
    await deps.sendMail({ to: deps.config.leadNotifyTo, subject, text });
    return true;
  } catch (error) {
    log.error({ alert: name }, `configuration alert not sent: ${describeError(error)}`);
    return false;
  }
}
