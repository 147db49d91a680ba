import { awardHandler } from './award-handler';

/** A portfolio item added: share_portfolio, portfolio_3. */
export const onPortfolioItemAdded = awardHandler({
  name: 'progression.portfolio-item-added',
  on: 'portfolio.item-added',
  usersOf: (event) => [event.actorId],
});
