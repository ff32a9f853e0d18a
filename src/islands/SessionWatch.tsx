import { useEffect, useRef } from 'react';
import { authToasts } from '~/messages/auth';
import { isIdleExpired, LAST_ACTIVITY_KEY, SESSION_CHECK_MS } from '~/lib/session-idle';
import { requestJson, Unavailable } from './ui/request-failure';
import { notify, preloadToasts } from './ui/toasts';

/*
 * Watches the session of an open admin page (SPEC §9 'Session and security'): activity
 * (mouse, keys, scroll, touch) is recorded in localStorage, shared by every tab; every
 * 5 minutes, and whenever the tab becomes visible again, the page asks the server whether
 * its session still lives. When it does not — 24 h idle, signed out elsewhere, revoked —
 * the page shows the 'Sessão expirada' toast, signs out and goes to /auth.
 *
 * The check reads the session with `disableRefresh` unless there was activity since the
 * last check: an open but untouched tab must not keep a session alive forever.
 * Plain fetch instead of Better Auth's client keeps this island small.
 */

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;
const ACTIVITY_THROTTLE_MS = 30_000;

function readLastActivity(): number | undefined {
  const value = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
  return value > 0 ? value : undefined;
}

export function SessionWatch() {
  const expired = useRef(false);
  const activeSinceCheck = useRef(false);

  useEffect(() => {
    // The expiry toast must show even if the connection is gone by then.
    preloadToasts();
    let lastWrite = 0;
    const onActivity = () => {
      activeSinceCheck.current = true;
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_THROTTLE_MS) return;
      lastWrite = now;
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
    };
    onActivity();

    const expire = async () => {
      if (expired.current) return;
      expired.current = true;
      notify('error', authToasts.sessionExpiredTitle, authToasts.sessionExpired);
      // Best effort: whatever the answer (or none, once the timeout passes), the page moves on.
      await requestJson('/api/auth/sign-out', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      window.setTimeout(() => window.location.assign('/auth'), 3000);
    };

    const check = async () => {
      if (expired.current) return;
      if (isIdleExpired(readLastActivity(), Date.now())) return expire();
      const refresh = activeSinceCheck.current;
      activeSinceCheck.current = false;
      const reply = await requestJson(`/api/auth/get-session${refresh ? '' : '?disableRefresh=true'}`, {
        cache: 'no-store',
      });
      // Offline or an error page: the next check tries again; the server still enforces expiry.
      if (reply instanceof Unavailable || !reply.ok) return;
      if (reply.body === null) await expire();
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    const timer = window.setInterval(() => void check(), SESSION_CHECK_MS);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
      window.clearInterval(timer);
    };
  }, []);

  return null;
}
