import { describe, expect, it } from 'vitest';
import { initialSidebarOpen, scrollsToBottom } from './shell';
import { resolveTheme, themeOnSignIn } from './theme';

describe('route-change scrolling', () => {
  it.each([
    ['/chat/1', true],
    ['/conversations', true],
    ['/conversations/9', true],
    ['/chat-rooms/5', true],
    ['/chatter', false],
    ['/', false],
    ['/my-profile', false],
  ])('%s scrolls to the bottom: %s', (path, bottom) => {
    expect(scrollsToBottom(path)).toBe(bottom);
  });
});

describe('side menu', () => {
  it('is always closed below 768 px and otherwise remembered', () => {
    expect(initialSidebarOpen('true', 767)).toBe(false);
    expect(initialSidebarOpen('true', 768)).toBe(true);
    expect(initialSidebarOpen('false', 1200)).toBe(false);
    expect(initialSidebarOpen(null, 1200)).toBe(false);
  });
});

describe('theme', () => {
  it('on sign-in becomes the saved non-light theme, or system', () => {
    expect(themeOnSignIn('dark')).toBe('dark');
    expect(themeOnSignIn('system')).toBe('system');
    expect(themeOnSignIn('light')).toBe('system');
    expect(themeOnSignIn(null)).toBe('system');
  });
  it('system follows the device preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
