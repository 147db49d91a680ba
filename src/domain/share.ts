/** The footer's share buttons (spec 1 section 2): what is shared and where each button goes. */
export const SHARE_TEXT = 'SkillNest: skills by students, for everyone. Offer what you are good at, or find help.';

export const SHARE_MESSAGES = {
  textCopied: 'Text copied: paste it into your post',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy. Please copy the address from the address bar.',
} as const;

export type ShareTarget = 'facebook' | 'instagram' | 'linkedin' | 'x';

/**
 * Facebook and Instagram take no text from a link, so the text is copied and the site opened for the user to paste
 * it; LinkedIn and X take the page in the link.
 */
export function shareLink(target: ShareTarget, url: string): { href: string; copyText: boolean } {
  const u = encodeURIComponent(url);
  switch (target) {
    case 'facebook':
      return { href: 'https://www.facebook.com/', copyText: true };
    case 'instagram':
      return { href: 'https://www.instagram.com/', copyText: true };
    case 'linkedin':
      return { href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, copyText: false };
    case 'x':
      return { href: `https://x.com/intent/post?text=${encodeURIComponent(SHARE_TEXT)}&url=${u}`, copyText: false };
  }
}
