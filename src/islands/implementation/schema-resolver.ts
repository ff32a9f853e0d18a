/*
 * The form's validation: the shared zod schema (src/lib/validation/implementation.ts, the
 * one the server runs) behind react-hook-form's resolver. Its own chunk, loaded by
 * ./validation.ts once the visitor starts on the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { implementationSchema, type ImplementationRequest } from '~/lib/validation/implementation';
import type { ImplementationFormValues } from '~/lib/validation/implementation-fields';

export type FormResolver = Resolver<ImplementationFormValues, unknown, ImplementationRequest>;

// The schema's input is a union of the two sections; the form holds both at once.
export const schemaResolver = zodResolver(implementationSchema) as unknown as FormResolver;
