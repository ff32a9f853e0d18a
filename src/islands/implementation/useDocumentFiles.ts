import { useRef, useState, type ChangeEvent } from 'react';
import { fileMessages } from '~/copy/messages/implementation';
import { SNIFF_BYTES, checkDocument } from '~/lib/file-type';
import type { FileSlot } from './submit-request';
import { notify } from '../ui/toasts';

type Files = Record<FileSlot, File | null>;
const NO_FILES: Files = { cnh: null, responsavelCnh: null };

/**
 * The form's two optional CNH files: what is attached to each slot, checked by content and
 * size as it is chosen (SPEC §5's toasts), removed, or cleared after a request is saved.
 */
export function useDocumentFiles(removedMessage: string) {
  const [files, setFiles] = useState<Files>(NO_FILES);
  const inputs = useRef<Record<FileSlot, HTMLInputElement | null>>({ cnh: null, responsavelCnh: null });

  const setFile = (slot: FileSlot, file: File | null) => {
    const input = inputs.current[slot];
    if (!file && input) input.value = '';
    setFiles((current) => ({ ...current, [slot]: file }));
  };

  async function choose(slot: FileSlot, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    // The content decides, not the name or the type the browser guessed from it.
    const check = checkDocument(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size);
    if (!check.ok) {
      const message = check.reason === 'type' ? fileMessages.invalid : fileMessages.tooLarge;
      notify('error', message.title, message.description);
      setFile(slot, null);
      return;
    }
    setFile(slot, file);
    notify('success', fileMessages.attached.title, file.name);
  }

  function remove(slot: FileSlot) {
    setFile(slot, null);
    notify('message', removedMessage);
    inputs.current[slot]?.focus();
  }

  function clear() {
    setFile('cnh', null);
    setFile('responsavelCnh', null);
  }

  const inputRef = (slot: FileSlot) => (element: HTMLInputElement | null) => {
    inputs.current[slot] = element;
  };

  return { files, choose, remove, clear, inputRef };
}
