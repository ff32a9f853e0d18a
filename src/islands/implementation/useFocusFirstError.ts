import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Focus on the form's first invalid control, in the order the visitor sees (react-hook-form
 * would follow registration order). The errors may render a commit after the request, and
 * the inputs are re-enabled only once the form is no longer busy: check after every render
 * until an invalid control exists, then focus it once per request.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, busy: boolean): () => void {
  const [requested, setRequested] = useState(0);
  const done = useRef(0);
  useEffect(() => {
    if (busy || requested === done.current) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    done.current = requested;
    target.focus();
  });
  return () => setRequested((n) => n + 1);
}
