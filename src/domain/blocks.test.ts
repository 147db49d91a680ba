import { describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES, blockName, blockTargetSchema, foldMessages } from './blocks';

describe('folding a blocked member’s messages', () => {
  const m = (id: string, senderId: string) => ({ id, senderId });
  const blocked = new Set(['b']);
  const fold = (list: { id: string; senderId: string }[]) => foldMessages(list, (x) => blocked.has(x.senderId));

  it('groups consecutive messages of blocked members into one item and keeps the others in order', () => {
    const items = fold([m('1', 'a'), m('2', 'b'), m('3', 'b'), m('4', 'a'), m('5', 'b')]);
    expect(items.map((i) => (i.kind === 'message' ? i.message.id : i.messages.map((x) => x.id).join('+')))).toEqual([
      '1',
      '2+3',
      '4',
      '5',
    ]);
  });

  it('folds nothing when nobody is blocked', () => {
    expect(foldMessages([m('1', 'a')], () => false)).toEqual([{ kind: 'message', message: m('1', 'a') }]);
  });

  it('says one message or how many', () => {
    expect(BLOCK_MESSAGES.folded(1)).toBe('1 message from a blocked member');
    expect(BLOCK_MESSAGES.folded(3)).toBe('3 messages from a blocked member');
  });
});

describe('block texts and input', () => {
  it('names a member by their name, or neutrally without one', () => {
    expect(blockName({ firstName: 'Ana', lastName: 'Li' })).toBe('Ana Li');
    expect(blockName({ firstName: null, lastName: null })).toBe('this member');
  });

  it('refuses an empty or oversized member id', () => {
    expect(blockTargetSchema.safeParse({ userId: '' }).success).toBe(false);
    expect(blockTargetSchema.safeParse({ userId: 'x'.repeat(101) }).success).toBe(false);
    expect(blockTargetSchema.safeParse({ userId: 'abc' }).success).toBe(true);
  });
});
