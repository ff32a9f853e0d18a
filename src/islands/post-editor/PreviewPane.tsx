/*
 * The preview beside the text: the title and the body as the public page renders it (HTML
 * sanitised by the server with the page's pipeline, src/lib/markdown.ts — see ./usePreview.ts).
 */
import { editorCopy as t } from '~/messages/blog';

export interface PreviewPaneProps {
  headingId: string;
  title: string;
  html: string;
  failed: boolean;
}

export function PreviewPane({ headingId, title, html, failed }: PreviewPaneProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 lg:sticky lg:top-20 lg:self-start">
      <h2 id={headingId} className="text-sm font-semibold text-slate-900">
        {t.preview}
      </h2>
      <div
        className="max-h-[70vh] min-h-[16rem] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6"
        data-testid="post-preview"
      >
        {title && <p className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{title}</p>}
        {html ? (
          // Sanitised by the server with the public page's pipeline (src/lib/markdown.ts).
          <div className="post-body" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="text-sm text-slate-600">{t.previewEmpty}</p>
        )}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t.previewError}
        </p>
      )}
    </section>
  );
}
