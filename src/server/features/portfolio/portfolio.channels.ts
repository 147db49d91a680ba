import type { PortfolioEvent } from '../../contracts/channels';
import { defineChannel } from '../../realtime/channels';

/** The portfolio's live channel. */
export const portfolioChannels = {
  /** Portfolio changes of one user: public, as the portfolio is. */
  portfolio: (userId: string) => defineChannel<PortfolioEvent>(`portfolio:${userId}`),
} as const;
