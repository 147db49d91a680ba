import { useCallback, useEffect, useState } from 'react';
import { initialSidebarOpen, SIDEBAR_BREAKPOINT_PX, SIDEBAR_STORAGE_KEY } from '../../domain/shell';

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < SIDEBAR_BREAKPOINT_PX;

/** The server renders no signed-in user, so no menu: the client reads the saved choice. */
const initialOpen = () =>
  typeof window !== 'undefined' && initialSidebarOpen(localStorage.getItem(SIDEBAR_STORAGE_KEY), window.innerWidth);

/** The side menu's open state: remembered under sidebar-open, always closed below 768 px. */
export function useSidebar() {
  const [open, setOpenState] = useState(initialOpen);
  const [narrow, setNarrow] = useState(isNarrow);

  useEffect(() => {
    const onResize = () => {
      setNarrow(isNarrow());
      if (isNarrow()) setOpenState(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    // A menu opened on a phone is a momentary choice; only the wide-screen choice is remembered.
    if (!isNarrow()) localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
  }, []);

  return { open, setOpen, narrow };
}
