import { consentNotices } from '~/copy/consent-notices';
import { CONSENT_VERSION_FIELD } from '~/lib/consent-notice';

const notice = consentNotices.implementacao;

interface SubmitAreaProps {
  /** The spec's text while required fields are empty; not live: focus reads the first field's own message. */
  summary?: string | undefined;
  busy: boolean;
  /** The button's text for the current phase. */
  text: string;
  /** Upload progress (0–100) while uploading, else null. */
  progress: number | null;
  progressLabel: string;
}

/** The summary of missing fields, the submit button with its phase, the upload's progress bar, a live status and the LGPD notice. */
export function SubmitArea({ summary, busy, text, progress, progressLabel }: SubmitAreaProps) {
  return (
    <div>
      {summary ? <p className="mb-3 text-sm font-medium text-red-700">{summary}</p> : null}
      <button type="submit" disabled={busy} className="btn-primary w-full sm:w-auto">
        {busy ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
          />
        ) : null}
        {text}
      </button>
      {progress !== null ? (
        <progress
          max={100}
          value={progress}
          aria-label={progressLabel}
          className="mt-3 block h-2 w-full overflow-hidden rounded accent-brand-700"
        />
      ) : null}
      <p role="status" className="sr-only">
        {busy ? text : ''}
      </p>
      {/* The LGPD notice, versioned in content/consent-notices.json; the version goes with the post. */}
      <input type="hidden" name={CONSENT_VERSION_FIELD} value={notice.version} />
      <p className="mt-3 text-xs text-slate-600">
        {notice.before}
        <a href={notice.href} className="font-medium text-brand-700 underline">
          {notice.linkText}
        </a>
        {notice.after}
      </p>
    </div>
  );
}
