/*
 * The delivery stack with its mail going to a real SMTP catcher, as most integration files
 * that send e-mail need it: one catcher for the file, a fresh stack for each test (started
 * before it, stopped after it, the catcher emptied). Retries are immediate and a target
 * that keeps failing pauses for at most 2 s, so a test that takes a server down waits
 * seconds, not the production minutes.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { DeliverySettings } from '~/server/delivery/settings';
import { createMailer, type SendMail } from '~/server/mail';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import type { TestDatabase } from './db';
import { quietLog } from './log';

export const FAST_DELIVERY: DeliverySettings = {
  retryLimit: 5,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  expireInSeconds: 30,
  // Immediate retries fail many times a second while a server is down: a paused target resumes within 2 s.
  breaker: { failures: 10, pauseSeconds: 1, maxPauseSeconds: 2 },
};

export interface MailDelivery {
  readonly smtp: CaptureSmtp;
  readonly stack: DeliveryStack;
  /** This test's mailer to the catcher, for services that send outside the outbox. */
  readonly sendMail: SendMail;
}

/** Registers the hooks; read `smtp` and `stack` inside tests (they change per file and per test). */
export function useMailDelivery(t: TestDatabase, settings: DeliverySettings = FAST_DELIVERY): MailDelivery {
  let smtp: CaptureSmtp | undefined;
  let stack: DeliveryStack | undefined;
  let sendMail: SendMail | undefined;
  beforeAll(async () => {
    smtp = await startCaptureSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  beforeEach(async () => {
    smtp!.messages.length = 0;
    // A mailer per stack: stopping a stack closes its mailer's connections.
    sendMail = createMailer({ smtpUrl: smtp!.url, mailFrom: 'Pilota <nao-responda@pilota.example>' });
    stack = deliveryStack(t.handle, { sendMail: sendMail!, settings, log: quietLog });
    await stack.start();
  });
  afterEach(async () => {
    await stack?.stop(2_000);
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useMailDelivery: ${name} is read before its hook ran`);
    return value;
  };
  return {
    get smtp() {
      return ready(smtp, 'smtp');
    },
    get stack() {
      return ready(stack, 'stack');
    },
    get sendMail() {
      return ready(sendMail, 'sendMail');
    },
  };
}
