import { ImageUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import type { UploadKindName } from '../../domain/files';
import { cn } from '../lib/cn';
import { acceptAttribute, describeUploadLimits } from '../lib/upload-limits';
import { useImageUpload } from '../lib/use-image-upload';
import { Button } from './button';
import { ProgressBar } from './progress-bar';

/**
 * An image for an item (portfolio, service, request): a drop zone naming every accepted type and the size limit;
 * click, keyboard (the file input itself takes the focus) or drag and drop; the domain's check with its message under
 * the field; upload with progress over a preview of the chosen file; then Replace or Remove.
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
  const [labelId, hintId, errorId] = [`${id}-label`, `${id}-hint`, `${id}-error`];
  const [dragging, setDragging] = useState(false);
  const { inputRef, progress, pick, uploading, problem, clearProblem, pendingPreview } = useImageUpload<{
    url: string;
  }>(kind, { onUploaded: ({ url }) => onChange(url), successMessage, failureMessage, showsProblem: true });
  const preview = pendingPreview ?? (value || null);

  const choose = async (file: File | undefined) => {
    if (!file || uploading) return;
    onBusyChange?.(true);
    await pick(file);
    onBusyChange?.(false);
  };
  const dropHandlers = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => {
      // Moving over the zone's own children fires dragleave too; only leaving the zone ends the highlight.
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      void choose(e.dataTransfer.files[0]);
    },
  };
  const hint = (
    <span id={hintId} className="text-xs text-muted-foreground">
      {describeUploadLimits(kind)}
    </span>
  );

  return (
    <div className="flex flex-col gap-2">
      <label id={labelId} htmlFor={id} className="text-sm font-medium">
        Image
      </label>
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={acceptAttribute(kind)}
        // Named by the field's label alone: the drop zone is a second <label> for clicks, not part of the name.
        aria-labelledby={labelId}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        aria-invalid={problem ? true : undefined}
        // With a preview, Replace is the control to reach; the input stays for the button and for drops.
        tabIndex={preview ? -1 : undefined}
        disabled={uploading}
        className="peer sr-only"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {preview ? (
        <div
          {...dropHandlers}
          className={cn(
            'flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center',
            dragging && 'border-primary bg-accent',
          )}
        >
          <img
            src={preview}
            alt={previewAlt}
            className="h-40 w-full rounded-md border bg-muted object-cover sm:h-32 sm:w-48"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            {progress !== null && <ProgressBar value={progress} label="Image upload" />}
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={uploading}
                onClick={() => inputRef.current?.click()}
              >
                Replace<span className="sr-only"> image</span>
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={uploading}
                onClick={() => {
                  clearProblem();
                  onChange('');
                }}
              >
                Remove<span className="sr-only"> image</span>
              </Button>
            </div>
            {hint}
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          {...dropHandlers}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-muted-foreground/50 px-4 py-8 text-center text-sm transition-colors hover:bg-muted/50',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background',
            dragging && 'border-primary bg-accent',
            problem && 'border-destructive/60',
          )}
        >
          <ImageUp className="h-8 w-8 text-muted-foreground" aria-hidden />
          <span>
            <span className="font-medium text-primary">Choose an image</span> or drag it here
          </span>
          {hint}
        </label>
      )}
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
