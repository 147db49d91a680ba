import { Camera } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { checkUpload } from '../../../domain/files';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { Button } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { useUploadAvatar } from './api';

/** Picks an image, checks it as the server will, uploads it with progress. */
export function AvatarUploader() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadAvatar();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkUpload('avatar', file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
      toast.success(PROFILE_MESSAGES.avatarUploaded);
    } catch (error) {
      toast.error((error as Error).message || PROFILE_MESSAGES.avatarFailed);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        Upload avatar
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        className="sr-only"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
        <Camera className="h-4 w-4" aria-hidden />
        {progress !== null ? 'Uploading...' : 'Change Avatar'}
      </Button>
      {progress !== null && <ProgressBar value={progress} label="Avatar upload" />}
      <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WEBP, up to 10MB</p>
    </div>
  );
}
