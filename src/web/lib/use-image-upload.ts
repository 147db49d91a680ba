import { useRef, useState } from 'react';
import { toast } from './toast';
import { checkUpload, type UploadKindName } from '../../domain/files';
import { toastFailure } from './network-error';
import { uploadFile } from './upload';

/**
 * Picking and uploading one image: the same check the server makes, progress while it uploads, the spec's
 * success and failure toasts, and a reset input so the same file can be picked again.
 *
 * A file refused by the check (wrong type, too big) is kept in `problem`; it is also toasted unless the caller shows
 * it beside its field (`showsProblem`), so the message appears once.
 */
export function useImageUpload<T>(
  kind: UploadKindName,
  {
    upload = (file, onProgress) => uploadFile<T>(kind, file, onProgress),
    onUploaded,
    successMessage,
    failureMessage,
    failureReason,
    showsProblem = false,
  }: {
    upload?: (file: File, onProgress: (percent: number) => void) => Promise<T>;
    onUploaded?: (result: T) => void;
    successMessage: string;
    failureMessage: string;
    /** Shown under the failure when the server gave no reason (a dropped connection). */
    failureReason?: string;
    /** The caller renders `problem` itself. */
    showsProblem?: boolean;
  },
) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** A local URL of the file being uploaded, for a preview before the server has it. */
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkUpload(kind, file);
    setProblem(refusal);
    if (refusal) {
      if (!showsProblem) toast.error(refusal);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    const localUrl = URL.createObjectURL(file);
    setPendingPreview(localUrl);
    setProgress(0);
    try {
      // Awaited first: in `onUploaded?.(await upload())` a missing callback would skip the upload itself.
      const result = await upload(file, setProgress);
      onUploaded?.(result);
      toast.success(successMessage);
    } catch (error) {
      toastFailure(failureMessage, error, failureReason);
    } finally {
      setProgress(null);
      setPendingPreview(null);
      URL.revokeObjectURL(localUrl);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return {
    inputRef,
    progress,
    pick,
    uploading: progress !== null,
    problem,
    clearProblem: () => setProblem(null),
    pendingPreview,
  };
}
