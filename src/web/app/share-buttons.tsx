import { Share2 } from 'lucide-react';
import { toast } from '../lib/toast';
import { SHARE_MESSAGES, SHARE_TEXT, shareLink, type ShareTarget } from '../../domain/share';
import { Button } from '../ui/button';

const TARGETS: { target: ShareTarget; label: string }[] = [
  { target: 'facebook', label: 'Facebook' },
  { target: 'instagram', label: 'Instagram' },
  { target: 'linkedin', label: 'LinkedIn' },
  { target: 'x', label: 'X' },
];

async function copy(text: string, success: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(success);
  } catch {
    toast.error(SHARE_MESSAGES.copyFailed);
  }
}

/** Share the site: four networks, then the device's own share sheet, or a copied link where there is none. */
export function ShareButtons() {
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Share SkillNest">
      {TARGETS.map(({ target, label }) => (
        <Button
          key={target}
          variant="outline"
          size="sm"
          onClick={() => {
            // Read at the click: the server renders these buttons without a window.
            const site = window.location.origin;
            const { href, copyText } = shareLink(target, site);
            // Opened first, while the click still counts as the user's: browsers block popups after an await.
            window.open(href, '_blank', 'noopener');
            if (copyText) void copy(`${SHARE_TEXT} ${site}`, SHARE_MESSAGES.textCopied);
          }}
        >
          {label}
        </Button>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          const site = window.location.origin;
          if (typeof navigator.share === 'function') {
            navigator.share({ title: 'SkillNest', text: SHARE_TEXT, url: site }).catch(() => {});
          } else {
            void copy(site, SHARE_MESSAGES.linkCopied);
          }
        }}
      >
        <Share2 className="h-4 w-4" aria-hidden /> Share
      </Button>
    </div>
  );
}
