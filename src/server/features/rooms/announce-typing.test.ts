import { describe, expect, it } from 'vitest';
import { createTypingGate } from './announce-typing';

describe('typing gate', () => {
  it('admits one announcement per user and room per second, and a stop right after a start', () => {
    const gate = createTypingGate();
    expect(gate.admit('room', 'ann', true, 0)).toBe(true);
    expect(gate.admit('room', 'ann', true, 500)).toBe(false);
    expect(gate.admit('other-room', 'ann', true, 500)).toBe(true);
    expect(gate.admit('room', 'bob', true, 500)).toBe(true);
    expect(gate.admit('room', 'ann', false, 600)).toBe(true);
    expect(gate.admit('room', 'ann', false, 700)).toBe(false);
    expect(gate.admit('room', 'ann', true, 800)).toBe(false);
    expect(gate.admit('room', 'ann', true, 1600)).toBe(true);
  });

  it('stays bounded: old entries go, and past the cap the oldest are forgotten', () => {
    const gate = createTypingGate({ max: 3 });
    for (let i = 0; i < 10; i++) gate.admit('room', `user-${i}`, true, 0);
    expect(gate.size).toBe(3);
    gate.admit('room', 'late', true, 5000);
    expect(gate.size).toBe(1);
  });
});
