import { useEffect, useRef, useState, type RefObject } from 'react';

/** A control the visitor can see: not inside a hidden section or a field shown only for some answers. */
const shown = (element: HTMLElement) => element.getClientRects().length > 0;

/**
 * Focus on the form's first invalid control in the order the visitor sees, which every form
 * of the site uses after a refused submit (react-hook-form would follow the order the fields
 * were registered in, which is not the page's). Focus reads the field's name and its message
 * (aria-describedby), so the message is heard once, with its field, and no live region repeats it.
 *
 * The errors may render a commit after the request, and the inputs are re-enabled only once
 * the form is no longer busy: check after every render until an invalid control shows, then
 * focus it once per request.
 * @example const focusFirstError = useFocusFirstError(formRef, isSubmitting);
 *          <form onSubmit={handleSubmit(onValid, focusFirstError)}>
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, busy: boolean): () => void {
  const [requested, setRequested] = useState(0);
  const done = useRef(0);
  useEffect(() => {
    if (busy || requested === done.current) return;
    const invalid = form.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
    const target = Array.from(invalid).find(shown);
    if (!target) return;
    done.current = requested;
    target.focus();
  });
  return () => setRequested((n) => n + 1);
}
