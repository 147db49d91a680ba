import { Camera } from 'lucide-react';
import { useId } from 'react';
import { PROFILE_MESSAGES } from '../../../domain/profile';
import { acceptAttribute, describeUploadLimits } from '../../lib/upload-limits';
import { useImageUpload } from '../../lib/use-image-upload';
import { Button } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { useUploadAvatar } from './api';

/** Picks an image, checks it as the server will, uploads it with progress. */
export function AvatarUploader() {
  const inputId = useId();
  const upload = useUploadAvatar();
  const { inputRef, progress, pick, uploading } = useImageUpload('avatar', {
    upload,
    successMessage: PROFILE_MESSAGES.avatarUploaded,
    failureMessage: PROFILE_MESSAGES.avatarFailed,
    failureReason: PROFILE_MESSAGES.avatarFailedDefault,
  });

  return (
    <div className="flex flex-col items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        Upload avatar
      </label>
      <input
        id={inputId}
        ref={inputRef}
        type="file"
        accept={acceptAttribute('avatar')}
        className="sr-only"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={uploading}>
        <Camera className="h-4 w-4" aria-hidden />
        {uploading ? 'Uploading...' : 'Change Avatar'}
      </Button>
      {progress !== null && <ProgressBar value={progress} label="Avatar upload" />}
      <p className="text-xs text-muted-foreground">{describeUploadLimits('avatar')}</p>
    </div>
  );
}
