import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const SITE_TITLE = 'SkillNest: the student skills marketplace';

/**
 * Names the browser tab and history entry after the page's heading ("Messages · SkillNest"), so tabs, bookmarks and
 * screen readers tell pages apart. The heading is watched, not passed in: it often arrives with the page's data.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const update = () => {
      // The landing page's heading is a slogan; the site's name says more.
      const heading = pathname === '/' ? null : main.querySelector('h1')?.textContent?.trim();
      const title = heading ? `${heading} · SkillNest` : SITE_TITLE;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
  return null;
}
