/*
 * The live preview: the body rendered by the server (`actions.posts.preview`) with the
 * public page's own pipeline, so it cannot differ from the page and the island carries no
 * Markdown parser. Requests wait for a pause in typing; an answer for a text that has since
 * changed is dropped (Astro's action client cannot abort the request itself).
 */
import { useEffect, useState } from 'react';
import { Unavailable } from '../ui/request-failure';
import { previewPost } from './post-actions';

const PREVIEW_DEBOUNCE_MS = 350;

export function usePreview(body: string, enabled: boolean) {
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!enabled || body.trim() === '') return;
    let stale = false;
    const show = (outcome: Awaited<ReturnType<typeof previewPost>> | undefined) => {
      // A newer text replaced this one: its own request answers.
      if (stale) return;
      const rendered = !outcome || outcome instanceof Unavailable || !outcome.ok ? undefined : outcome.data.html;
      if (rendered !== undefined) setHtml(rendered);
      setFailed(rendered === undefined);
    };
    // previewPost settles every failure into an outcome; a rejection all the same shows as a failed preview.
    const timer = setTimeout(() => void previewPost(body).then(show, () => show(undefined)), PREVIEW_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [body, enabled]);

  /** Nothing to show for an empty body, whatever an earlier text rendered to. */
  return { html: body.trim() === '' ? '' : html, failed };
}
