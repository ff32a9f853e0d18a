import { useEffect, useRef, useState } from 'react';
import { authCard, authToasts } from '~/messages/auth';
import { signInLandingFor } from '~/lib/invitation';
import { authClient } from '../auth-client';
import { settle } from '../ui/request-failure';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { notify, preloadToasts, toastShown } from '../ui/toasts';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/*
 * The sign-in / sign-up card of /auth (SPEC §2 'Auth').
 *
 * It renders nothing but 'Carregando...' until Better Auth's client has read the session:
 * a signed-in visitor is sent on to the admin area instead of seeing forms they don't need.
 * The server enforces everything the card checks (password strength, sanitising, lockout,
 * rate limits); the card's checks (the shared schemas of lib/validation/auth) only spare a
 * round trip and explain the rules early. The toasts live outside the card (ui/toasts), so
 * switching between loading and the card keeps them.
 */

export const ADMIN_HOME = '/blog/admin';

/** The signed-in account's role, as the session hook reads it. */
const roleOf = (data: unknown): string | undefined =>
  (data as { user?: { role?: string | null } } | null)?.user?.role ?? undefined;
/** How long the sign-in success toast shows before the admin area opens. */
const SUCCESS_TOAST_MS = 1500;

/** Why the visitor landed here, read from the query string by the page. */
export type AuthNotice = 'verified' | 'invalid-link' | 'expired' | 'password-set';

export interface AuthCardProps {
  notice?: AuthNotice | undefined;
}

type Tab = 'entrar' | 'cadastrar';
const TABS: { id: Tab; label: string }[] = [
  { id: 'entrar', label: authCard.tabSignIn },
  { id: 'cadastrar', label: authCard.tabSignUp },
];

export function AuthCard({ notice }: AuthCardProps) {
  const session = authClient.useSession();
  const [tab, setTab] = useState<Tab>('entrar');
  /*
   * True from the moment this card submits a sign-in: the session that appears then is the
   * card's own doing, and the card (not the redirect below) moves on once the success toast
   * has shown. A visitor who arrives already signed in is sent on at once.
   */
  const [signingIn, setSigningIn] = useState(false);
  const arrivedSignedIn = !session.isPending && !!session.data && !signingIn && notice !== 'expired';

  useEffect(() => {
    if (arrivedSignedIn) window.location.replace(signInLandingFor(roleOf(session.data)));
  }, [arrivedSignedIn, session.data]);

  // Every outcome here is a toast: have the library ready before the first request can fail.
  useEffect(preloadToasts, []);

  // Notices run once: strict mode or a re-render must not toast twice.
  const noticeShown = useRef(false);
  useEffect(() => {
    if (noticeShown.current || !notice) return;
    noticeShown.current = true;
    if (notice === 'verified') notify('success', authToasts.emailVerifiedTitle, authToasts.emailVerified);
    if (notice === 'invalid-link') notify('error', authToasts.verifyLinkInvalidTitle, authToasts.verifyLinkInvalid);
    if (notice === 'password-set') notify('success', authToasts.passwordSetTitle, authToasts.passwordSet);
    if (notice === 'expired') {
      notify('error', authToasts.sessionExpiredTitle, authToasts.sessionExpired);
      // The cookie may still name the dead session; signing out clears it (best effort).
      void settle((signal) => authClient.signOut({ fetchOptions: { signal } }));
    }
  }, [notice]);

  if (session.isPending || arrivedSignedIn) {
    return (
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="size-6 text-brand-700" />
        <span>{authCard.loading}</span>
      </div>
    );
  }

  return (
    <div className="card w-full max-w-md p-6 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{authCard.heading}</h1>
      <p className="mt-1 text-slate-600">{authCard.intro}</p>
      <Tabs
        items={TABS}
        label={authCard.heading}
        selected={tab}
        onSelect={(id) => setTab(id as Tab)}
        listClassName="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
        tabClassName={(selected) =>
          'rounded-md px-3 py-2 text-sm font-semibold transition-colors ' +
          (selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:text-brand-700')
        }
        panelClassName="mt-6"
        // The panels hold forms: their fields take the focus.
        focusablePanels={false}
      >
        {(item) =>
          item.id === 'entrar' ? (
            <SignInForm
              onStart={() => setSigningIn(true)}
              onFailure={() => setSigningIn(false)}
              onSuccess={(role) => {
                // Long enough to read the toast, counted from when it is up; the session is already set.
                void toastShown('success', authToasts.signInSuccess).then(() =>
                  window.setTimeout(() => window.location.assign(signInLandingFor(role)), SUCCESS_TOAST_MS),
                );
              }}
            />
          ) : (
            <SignUpForm onSuccess={() => setTab('entrar')} />
          )
        }
      </Tabs>
    </div>
  );
}
