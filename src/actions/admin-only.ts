/*
 * The one way to write an admin action: `defineAdminAction` is `defineAction` with the
 * admin area's rules around the handler, so no admin action can forget one of them.
 *
 * - The name must start with an admin namespace (src/server/auth/access-policy.ts,
 *   ADMIN_ACTION_NAMESPACES): the middleware then reads the session and refuses anyone
 *   else before the action runs. That is the first lock.
 * - Here, where the data is read, the role is asked again with the policy's own roles for
 *   the action's namespace (ACTION_ROLES: `admin.*` admins, `posts.*` admins and editors):
 *   anyone else is refused (401 anonymous, 403 anyone else), so an action the policy ever
 *   missed fails closed. A call from another site (a foreign Origin) is refused too:
 *   SameSite cookies stop most, this stops the rest.
 * - The handler gets the team member as `actor` (id, e-mail, name, role), for audit records.
 * - A failure the handler did not turn into an ActionError is logged safely and answered
 *   with the action's pt-BR `failure` message (./safe-failure.ts, as the public actions
 *   do); a value the database refused is the request's fault (400).
 *
 * Every error therefore reaches the browser as an ActionError: input problems as zod
 * input errors (`isInputError`, per field), everything else with a code and a message.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { adminRefusals } from '~/messages/auth';
import { inputMessages } from '~/messages/input';
import type * as z from 'zod/v4/core';
import { ADMIN_ONLY, hasRole, rolesForAction } from '~/server/auth';
import { databaseErrorKind } from '~/server/http';
import { actionName, failSafely } from './safe-failure';

/** The signed-in member of the team an action runs for: what audit records name. */
export interface AdminActor {
  id: string;
  email: string;
  name: string;
  role: string;
}

type Accept = 'form' | 'json';

type AdminHandler<TInputSchema, TOutput> = (
  input: TInputSchema extends z.$ZodType ? z.output<TInputSchema> : unknown,
  context: ActionAPIContext,
  actor: AdminActor,
) => Promise<TOutput>;

export interface AdminActionOptions<TAccept, TInputSchema, TOutput> {
  accept?: TAccept;
  input?: TInputSchema;
  /** The pt-BR answer when the handler fails unexpectedly (the details go to the log only). */
  failure: string;
  handler: AdminHandler<TInputSchema, TOutput>;
}

type ActionHandlerOf<
  TOutput,
  TAccept extends Accept | undefined,
  TInputSchema extends z.$ZodType | undefined,
> = Parameters<typeof defineAction<TOutput, TAccept, TInputSchema>>[0]['handler'];

/** The team member behind the call (a role the action's namespace admits), or the ActionError that refuses it. */
export function adminActor(context: ActionAPIContext): AdminActor {
  const { session } = context.locals;
  // Whoever sent it, an action call spelled two ways opens for no one.
  const name = actionName(context);
  const roles = name === undefined ? [] : (rolesForAction(name) ?? ADMIN_ONLY);
  if (!session || !hasRole(session, roles)) {
    const code = session ? 'FORBIDDEN' : 'UNAUTHORIZED';
    throw new ActionError({ code, message: adminRefusals[session ? 403 : 401] });
  }
  const origin = context.request.headers.get('origin');
  if (origin !== null && origin !== context.url.origin) {
    throw new ActionError({ code: 'FORBIDDEN', message: adminRefusals[403] });
  }
  return { id: session.user.id, email: session.user.email, name: session.user.name, role: session.user.role };
}

/** `defineAction` for admins only; see the module comment for what it adds. */
export function defineAdminAction<
  TOutput,
  TAccept extends Accept | undefined = undefined,
  TInputSchema extends z.$ZodType | undefined = undefined,
>({ accept, input, failure, handler }: AdminActionOptions<TAccept, TInputSchema, TOutput>) {
  const guarded = async (parsed: unknown, context: ActionAPIContext): Promise<TOutput> => {
    const actor = adminActor(context);
    try {
      return await handler(parsed as Parameters<typeof handler>[0], context, actor);
    } catch (error) {
      // A value the database refused is the request's fault; anything else is the server's.
      throw failSafely(
        error,
        context,
        databaseErrorKind(error) === 'rejected'
          ? { code: 'BAD_REQUEST', message: inputMessages.dataRejected }
          : { code: 'INTERNAL_SERVER_ERROR', message: failure },
      );
    }
  };
  return defineAction<TOutput, TAccept, TInputSchema>({
    ...(accept === undefined ? {} : { accept }),
    ...(input === undefined ? {} : { input }),
    // The schema's output type is only known per call; `guarded` hands it on as parsed.
    handler: guarded as ActionHandlerOf<TOutput, TAccept, TInputSchema>,
  });
}
