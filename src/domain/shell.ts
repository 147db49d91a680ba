/** Shell constants of spec 1 section 9. */
export const SIDEBAR_STORAGE_KEY = 'sidebar-open';
export const SIDEBAR_BREAKPOINT_PX = 768;
export const SIDEBAR_WIDTH_PX = 80;
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_WIDTH_PX = 356;
export const CHAT_SCROLL_DELAY_MS = 100;

export const AVATAR_SIZES = { sm: 32, md: 40, lg: 64, xl: 96 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Chat and conversation pages scroll to the bottom after a route change; every other page to the top. */
export function scrollsToBottom(pathname: string): boolean {
  return /^\/(chat|chat-rooms|conversations)(\/|$)/.test(pathname);
}

/** Whether the side menu starts open: the remembered choice, never below the breakpoint. */
export function initialSidebarOpen(remembered: string | null, viewportWidth: number): boolean {
  if (viewportWidth < SIDEBAR_BREAKPOINT_PX) return false;
  return remembered === 'true';
}
