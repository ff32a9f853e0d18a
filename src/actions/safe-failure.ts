/*
 * What an action answers when its handler fails in a way it did not name. Astro's default
 * turns any thrown error into a 500 whose message is the error's own — a database error's
 * lists the query's parameters — and sends it to the browser. Every action's catch-all goes
 * through here instead: an ActionError passes as it is; anything else is logged safely
 * (class and code, never values: src/server/describe-error.ts) and answered with the
 * action's pt-BR message. Used by the admin wrapper (./admin-only.ts) and the public actions.
 */
import { ActionError, type ActionAPIContext, type ActionErrorCode } from 'astro:actions';
import { describeError } from '~/server/describe-error';
import { componentLogger } from '~/server/log/logger';

export interface FailureAnswer {
  code: ActionErrorCode;
  message: string;
}

const log = componentLogger('actions');

/** The action's name as called (`/_actions/posts.create` or a form post's `?_action=`), for log lines and roles. */
export function actionName(context: ActionAPIContext): string {
  const { pathname, searchParams } = context.url;
  return pathname.startsWith('/_actions/') ? pathname.slice('/_actions/'.length) : (searchParams.get('_action') ?? '?');
}

/**
 * The error to throw for `error`: itself when it is an ActionError, else `answer`, logged.
 * @example catch (error) { throw failSafely(error, context, { code: 'SERVICE_UNAVAILABLE', message: dsrAnswers.failure }); }
 */
export function failSafely(error: unknown, context: ActionAPIContext, answer: FailureAnswer): ActionError {
  if (error instanceof ActionError) return error;
  log.error(`${actionName(context)} failed: ${describeError(error)}`);
  return new ActionError(answer);
}
