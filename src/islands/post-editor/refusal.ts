/*
 * What an action's refusal means to the author, as the editor shows it. Kept apart from
 * the calls (./post-actions.ts) and free of `astro:actions`, so it is tested on its own.
 */
import { editorToasts, postErrors } from '~/messages/blog';

/** The parts of an ActionError (or input error) the editor reads. */
export interface ActionErrorLike {
  type?: string;
  code: string;
  message: string;
  fields?: Record<string, string[] | undefined>;
}

/** A refusal the server wrote: its code, the message to show, and messages by field. */
export interface Refusal {
  code: string;
  message: string;
  fields: Record<string, string>;
}

/**
 * The admin guard's refusals name the session (gone: sign in again) or the account (not an
 * admin); a judged input gives each field its first message (Astro's `isInputError` shape);
 * a slug another post has belongs on the slug field; anything else shows the server's message.
 * @example refusalOf({ code: 'UNAUTHORIZED', message: '' }).message // editorToasts.sessionExpired
 */
export function refusalOf(error: ActionErrorLike): Refusal {
  const { code } = error;
  if (code === 'UNAUTHORIZED') return { code, message: editorToasts.sessionExpired, fields: {} };
  if (code === 'FORBIDDEN') return { code, message: editorToasts.forbidden, fields: {} };
  if (error.type === 'AstroActionInputError') {
    const fields: Record<string, string> = {};
    for (const [name, messages] of Object.entries(error.fields ?? {})) {
      if (messages?.[0]) fields[name] = messages[0];
    }
    return { code, message: postErrors.invalid, fields };
  }
  if (code === 'CONFLICT') return { code, message: error.message, fields: { slug: error.message } };
  return { code, message: error.message || postErrors.unexpected, fields: {} };
}
