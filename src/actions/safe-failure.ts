/*
 * What an action answers when its handler fails in a way it did not name. Astro's default
 * turns any thrown error into a 500 whose message is the error's own — a database error's
 * lists the query's parameters — and sends it to the browser. Every action's catch-all goes
 * through here instead: an ActionError passes as it is; anything else is logged safely
 * (class and code, never values: src/server/describe-error.ts) and answered with the
 * action's pt-BR message. Used by the admin wrapper (./admin-only.ts) and the public actions.
 */
import { ActionError, type ActionAPIContext, type ActionErrorCode } from 'astro:actions';
import { actionCallOf, componentLogger, describeError } from '~/server/http';

export interface FailureAnswer {
  code: ActionErrorCode;
  message: string;
}

const log = componentLogger('actions');

/**
 * The action Astro is running (`/_actions/posts.create` or a form post's `?_action=`), read as
 * Astro reads it (actionCallOf), for log lines and roles; undefined for a spelling that could
 * name another action (the middleware has already refused those).
 */
export function actionName(context: ActionAPIContext): string | undefined {
  const call = actionCallOf({
    routePattern: context.routePattern,
    pathname: context.url.pathname,
    search: context.url.search,
  });
  return call.kind === 'action' ? call.name : undefined;
}

/**
 * The error to throw for `error`: itself when it is an ActionError, else `answer`, logged.
 * @example catch (error) { throw failSafely(error, context, { code: 'SERVICE_UNAVAILABLE', message: dsrAnswers.failure }); }
 */
export function failSafely(error: unknown, context: ActionAPIContext, answer: FailureAnswer): ActionError {
  if (error instanceof ActionError) return error;
  log.error(`${actionName(context) ?? '?'} failed: ${describeError(error)}`);
  return new ActionError(answer);
}
