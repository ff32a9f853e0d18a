/*
 * What the public forms that also post without JavaScript (the lead form, the LGPD request)
 * share: the values and messages the server rendered them with, the honeypot, and the
 * submission key that makes a double submit or a retry harmless.
 */
import { useState } from 'react';

/** A post made without JavaScript, rendered again by the server: what was typed and its messages. */
export interface ServerFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
}

const randomKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The form's submission key and a way to start a new one (after a success). Never generated
 * while rendering on the server: a prerendered page would hand every visitor the same key.
 */
export function useSubmissionKey(serverState: ServerFormState | undefined): [string, () => void] {
  const [key, setKey] = useState(
    () => serverState?.values['submission_key'] || (typeof window === 'undefined' ? '' : randomKey()),
  );
  return [key, () => setKey(randomKey())];
}

/**
 * The messages a field shows: the browser's own check first, else the server's from a post
 * made without JavaScript, until the visitor submits again (`showServer` false).
 */
export function fieldMessage(
  clientMessage: string | undefined,
  serverState: ServerFormState | undefined,
  name: string,
  showServer: boolean,
): string | undefined {
  return clientMessage ?? (showServer ? serverState?.errors[name] : undefined);
}

/** Invisible to people and screen readers, tempting to bots. */
export function Honeypot({ id, name }: { id: string; name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Não preencha este campo</label>
      <input id={id} type="text" name={name} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
