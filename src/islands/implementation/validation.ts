/*
 * The validation library (zod, the shared schema and its resolver) is most of the form's
 * weight and nothing needs it until the visitor starts on the form: it loads on the first
 * focus inside the form (`loadValidation`), and the resolver waits for it should a check
 * come first.
 */
import type { FormResolver } from './schema-resolver';

let loading: Promise<FormResolver> | undefined;

/** Starts (once) loading the validation; a failed load is tried again next time. */
export function loadValidation(): Promise<FormResolver> {
  loading ??= import('./schema-resolver').then(
    (module) => module.schemaResolver,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** react-hook-form's resolver, running the schema once it is there. */
export const lazyResolver: FormResolver = async (values, context, options) =>
  (await loadValidation())(values, context, options);
