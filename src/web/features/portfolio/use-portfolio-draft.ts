import { useCallback, useState } from 'react';
import { PORTFOLIO_DRAFT_KEY, type PortfolioItemInput } from '../../../domain/portfolio';

function readDraft(): PortfolioItemInput | null {
  try {
    const raw = localStorage.getItem(PORTFOLIO_DRAFT_KEY);
    return raw ? (JSON.parse(raw) as PortfolioItemInput) : null;
  } catch {
    return null;
  }
}

/** The add form's draft in local storage: restored (and the form reopened) on load, removed on success or cancel. */
export function usePortfolioDraft() {
  const [initialDraft] = useState(readDraft);
  const save = useCallback((values: PortfolioItemInput) => {
    const empty = !values.title && !values.description && !values.projectUrl && !values.imageUrl;
    if (empty) localStorage.removeItem(PORTFOLIO_DRAFT_KEY);
    else localStorage.setItem(PORTFOLIO_DRAFT_KEY, JSON.stringify(values));
  }, []);
  const clear = useCallback(() => localStorage.removeItem(PORTFOLIO_DRAFT_KEY), []);
  return { initialDraft, save, clear };
}
