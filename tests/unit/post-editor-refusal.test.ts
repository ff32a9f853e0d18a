/*
 * How the blog editor reads an action's refusal (src/islands/post-editor/refusal.ts): the
 * admin guard's 401/403 become the editor's own pt-BR messages, input errors land on their
 * fields, a taken slug on the slug field.
 */
import { describe, expect, it } from 'vitest';
import { adminRefusals } from '~/messages/auth';
import { editorToasts, postErrors, postValidationMessages } from '~/messages/blog';
import { refusalOf } from '~/islands/post-editor/refusal';

describe('refusalOf', () => {
  it('a signed-out session asks to sign in again; a non-admin account is told it may not edit', () => {
    expect(refusalOf({ code: 'UNAUTHORIZED', message: adminRefusals[401] })).toEqual({
      code: 'UNAUTHORIZED',
      message: editorToasts.sessionExpired,
      fields: {},
    });
    expect(refusalOf({ code: 'FORBIDDEN', message: adminRefusals[403] }).message).toBe(editorToasts.forbidden);
  });

  it('an input error gives each field its first message', () => {
    const refusal = refusalOf({
      type: 'AstroActionInputError',
      code: 'BAD_REQUEST',
      message: 'Failed to validate',
      fields: { title: [postValidationMessages.titleRequired, 'outra'], body: [], seoTitle: undefined },
    });
    expect(refusal).toEqual({
      code: 'BAD_REQUEST',
      message: postErrors.invalid,
      fields: { title: postValidationMessages.titleRequired },
    });
  });

  it('a slug another post has goes on the slug field', () => {
    const message = postErrors.duplicateSlug('reajuste');
    expect(refusalOf({ code: 'CONFLICT', message })).toEqual({ code: 'CONFLICT', message, fields: { slug: message } });
  });

  it("anything else shows the server's message, or the generic one when there is none", () => {
    expect(refusalOf({ code: 'NOT_FOUND', message: postErrors.notFound }).message).toBe(postErrors.notFound);
    expect(refusalOf({ code: 'BAD_REQUEST', message: '' }).message).toBe(postErrors.unexpected);
  });
});
