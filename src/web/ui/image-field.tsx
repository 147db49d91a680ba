import { X } from 'lucide-react';
import { useId } from 'react';
import type { UploadKindName } from '../../domain/files';
import { useImageUpload } from '../lib/use-image-upload';
import { ProgressBar } from './progress-bar';

/**
 * An image for an item (portfolio, service, request): pick, check, upload with progress, preview, remove.
 * The value is the uploaded file's URL ('' for none).
 */
export function ImageField({
  kind,
  value,
  onChange,
  onBusyChange,
  successMessage,
  failureMessage,
  previewAlt,
}: {
  kind: UploadKindName;
  value: string;
  onChange(url: string): void;
  onBusyChange?(busy: boolean): void;
  successMessage: string;
  failureMessage: string;
  previewAlt: string;
}) {
  const id = useId();
  const { inputRef, progress, pick } = useImageUpload<{ url: string }>(kind, {
    onUploaded: ({ url }) => onChange(url),
    successMessage,
    failureMessage,
  });
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Image
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept="image/*"
        className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
        onChange={async (e) => {
          onBusyChange?.(true);
          await pick(e.target.files?.[0]);
          onBusyChange?.(false);
        }}
      />
      <p className="text-xs text-muted-foreground">PNG, JPG, GIF up to 5MB</p>
      {progress !== null && <ProgressBar value={progress} label="Image upload" />}
      {value && (
        <div className="relative w-fit">
          <img src={value} alt={previewAlt} className="h-32 rounded-md border object-cover" />
          <button
            type="button"
            aria-label="Remove image"
            className="absolute top-1 right-1 rounded-full bg-background/90 p-1 shadow"
            onClick={() => onChange('')}
          >
            <X className="h-3.5 w-3.5" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
