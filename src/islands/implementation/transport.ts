/*
 * The implementation form's requests. Bodies with bytes go through XMLHttpRequest, because
 * fetch cannot report upload progress; the notification's status is polled with fetch.
 */
import { SUBMIT_ENDPOINT } from '~/lib/document-upload';
import {
  connectionFailure,
  readReply,
  REQUEST_TIMEOUT_MS,
  requestJson,
  Unavailable,
  type Reply,
} from '../ui/request-failure';

/** How long the form waits for the queued notification before calling it done. */
const MAIL_WAIT_MS = 6_000;
const MAIL_POLL_MS = 400;

export interface Sent {
  answer: Reply | Unavailable;
  /** Whether the browser finished sending the body (files included) before it ended. */
  uploaded: boolean;
}

export interface SendOptions {
  method: 'POST' | 'PUT';
  url: string;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Bytes of the body sent so far. */
  onProgress?: (loaded: number, total: number) => void;
  onUploaded?: () => void;
}

/**
 * Sends a body, reporting upload progress and the end of the upload. Never rejects. A
 * request that shows no progress (no bytes going up, no answer coming down) for
 * REQUEST_TIMEOUT_MS is abandoned: a slow upload that keeps moving is never cut short.
 */
export function send({ method, url, body, headers = {}, onProgress, onUploaded }: SendOptions): Promise<Sent> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let uploaded = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const finish = (answer: Reply | Unavailable) => {
      clearTimeout(stall);
      resolve({ answer, uploaded });
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        finish(new Unavailable('timeout'));
        xhr.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      watch();
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.upload.addEventListener('load', () => {
      watch();
      uploaded = true;
      onUploaded?.();
    });
    xhr.addEventListener('progress', watch);
    xhr.addEventListener('load', () => finish(readReply(xhr.status, xhr.responseText)));
    xhr.addEventListener('error', () => finish(connectionFailure()));
    // Chromium reports a network timeout (ERR_TIMED_OUT) as `timeout`, not `error`.
    xhr.addEventListener('timeout', () => finish(new Unavailable('timeout')));
    xhr.addEventListener('abort', () => finish(connectionFailure()));
    watch();
    xhr.send(body);
  });
}

/** Polls the notification's delivery until it is sent, fails, or MAIL_WAIT_MS pass. */
export async function waitForMail(id: string): Promise<'sent' | 'failed' | 'queued'> {
  const deadline = Date.now() + MAIL_WAIT_MS;
  while (Date.now() < deadline) {
    // A hiccup while polling says nothing about the e-mail (the queue still has it); each poll
    // is bounded by the deadline, so a hung one cannot hold the button in 'Enviando e-mail...'.
    const reply = await requestJson(
      `${SUBMIT_ENDPOINT}/${encodeURIComponent(id)}`,
      {},
      { timeoutMs: Math.max(1, deadline - Date.now()) },
    );
    if (!(reply instanceof Unavailable) && reply.ok) {
      const { email } = (reply.body ?? {}) as { email?: string };
      if (email === 'sent' || email === 'failed') return email;
    }
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS));
  }
  return 'queued';
}
