/*
 * The cover upload: the file is judged here first by its bytes and size (the rule the server
 * applies, src/lib/cover-image.ts), so a wrong file is refused without sending it; then it
 * goes to `actions.posts.uploadCover` as a form. A refusal or a failed request becomes the
 * cover field's error; the chosen file is cleared either way, so the same file can be picked again.
 */
import type { ChangeEvent } from 'react';
import { coverMessages } from '~/messages/blog';
import { checkCoverUpload, IMAGE_SNIFF_BYTES } from '~/lib/cover-image';
import { Unavailable } from '../ui/request-failure';
import type { EditorCover } from './form-values';
import { uploadCover } from './post-actions';

export interface CoverUploadHandlers {
  /** The request starts (true) or ends (false). */
  setUploading(uploading: boolean): void;
  setError(message: string | undefined): void;
  onUploaded(cover: NonNullable<EditorCover>): void;
}

export function useCoverUpload({ setUploading, setError, onUploaded }: CoverUploadHandlers) {
  return async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
    const check = checkCoverUpload(head, file.size);
    if (!check.ok) {
      setError(check.reason === 'type' ? coverMessages.invalidType : coverMessages.tooLarge);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const outcome = await uploadCover(file);
      if (outcome instanceof Unavailable) return setError(coverMessages.unavailable);
      if (!outcome.ok) return setError(outcome.refusal.fields['cover'] ?? outcome.refusal.message);
      setError(undefined);
      onUploaded({ id: outcome.data.cover.id, previewUrl: outcome.data.cover.previewUrl });
    } finally {
      setUploading(false);
      input.value = '';
    }
  };
}
