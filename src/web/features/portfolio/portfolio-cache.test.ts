import { describe, expect, it } from 'vitest';
import { applyPortfolioEvent, withoutPortfolioItem, withPortfolioItem, type PortfolioEntry } from './portfolio-cache';

const entry = (id: string, createdAt: string, title = id): PortfolioEntry => ({
  id,
  userId: 'owner',
  title,
  description: null,
  imageUrl: null,
  projectUrl: null,
  createdAt,
  updatedAt: createdAt,
});
const JAN = '2024-01-01T00:00:00.000Z';
const FEB = '2024-02-01T00:00:00.000Z';
const MAR = '2024-03-01T00:00:00.000Z';

describe('a saved portfolio item in the cached portfolio', () => {
  it('joins the list newest first, as the server lists it', () => {
    const portfolio = [entry('b', FEB), entry('a', JAN)];
    expect(withPortfolioItem(portfolio, entry('c', MAR)).map((i) => i.id)).toEqual(['c', 'b', 'a']);
  });

  it('replaces its old copy in place when edited, never listed twice', () => {
    const portfolio = [entry('b', FEB), entry('a', JAN)];
    const edited = withPortfolioItem(portfolio, entry('a', JAN, 'Renamed'));
    expect(edited.map((i) => [i.id, i.title])).toEqual([
      ['b', 'b'],
      ['a', 'Renamed'],
    ]);
  });
});

describe('a deleted portfolio item', () => {
  it('leaves the list', () => {
    expect(withoutPortfolioItem([entry('b', FEB), entry('a', JAN)], 'b').map((i) => i.id)).toEqual(['a']);
  });

  it('leaves a list that never held it unchanged (the same list: nothing re-renders)', () => {
    const portfolio = [entry('a', JAN)];
    expect(withoutPortfolioItem(portfolio, 'other')).toBe(portfolio);
  });
});

describe('a live portfolio event', () => {
  const portfolio = [entry('b', FEB), entry('a', JAN)];

  it('a saved item joins the visitor’s list newest first, or replaces its old copy', () => {
    const added = applyPortfolioEvent(portfolio, { type: 'portfolio-item-saved', item: entry('c', MAR) });
    expect(added.map((i) => i.id)).toEqual(['c', 'b', 'a']);
    const edited = applyPortfolioEvent(added, { type: 'portfolio-item-saved', item: entry('b', FEB, 'Renamed') });
    expect(edited.map((i) => [i.id, i.title])).toEqual([
      ['c', 'c'],
      ['b', 'Renamed'],
      ['a', 'a'],
    ]);
  });

  it('a removed item leaves the list; one already gone leaves it unchanged', () => {
    expect(applyPortfolioEvent(portfolio, { type: 'portfolio-item-removed', itemId: 'a' }).map((i) => i.id)).toEqual([
      'b',
    ]);
    expect(applyPortfolioEvent(portfolio, { type: 'portfolio-item-removed', itemId: 'gone' })).toBe(portfolio);
  });
});
