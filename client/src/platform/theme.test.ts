import { describe, expect, it } from 'vitest';
import { getSystem } from './theme';

const system = getSystem();

describe('theme', () => {
  it('times overlays as the specification says: modal 300 ms, backdrop 150 ms, toast 300 ms', () => {
    const dialog = system.getSlotRecipe('dialog');
    expect(dialog.base?.backdrop?._open).toMatchObject({ animationDuration: 'fast' });
    expect(dialog.base?.content?._open).toMatchObject({ animationDuration: 'slow' });
    expect(system.token('durations.fast')).toBe('150ms');
    expect(system.token('durations.slow')).toBe('300ms');
    // Only the durations change: the rest of Chakra's recipe is kept.
    expect(dialog.base?.backdrop?._open).toMatchObject({ animationName: 'fade-in' });
    expect(dialog.base?.content).toMatchObject({ bg: 'bg.panel' });
    const toast = system.getSlotRecipe('toast');
    expect(String(toast.base?.root?.transition)).toContain('opacity 300ms');
  });

  it("defines the semantic colours once, with Chakra's light values and no dark mode", () => {
    const tokenCss = JSON.stringify(system.getTokenCss());
    expect(tokenCss).toContain('--chakra-colors-fg-muted');
    expect(tokenCss).toContain('--chakra-colors-bg-panel');
    expect(tokenCss).not.toContain('.dark');
    // fg.muted is gray.600 in light mode (gray.400 in dark).
    expect(system.tokens.getByName('colors.fg.muted')?.value).toBe('var(--chakra-colors-gray-600)');
  });
});
