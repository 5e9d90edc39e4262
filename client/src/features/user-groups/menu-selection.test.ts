import { describe, expect, it } from 'vitest';
import { toggleMenuCode, toggleSectionCodes } from './menu-selection';

describe('menu selection', () => {
  it('adds the view an action requires and drops the actions that need a removed view', () => {
    // MN-028 edit-user-group requires MN-030 view-user-group (docs/menu-catalogue.md).
    const withEdit = toggleMenuCode([], 'MN-028', true);
    expect(withEdit).toEqual(['MN-028', 'MN-030']);
    expect(toggleMenuCode(withEdit, 'MN-030', false)).toEqual([]);
    expect(toggleMenuCode(withEdit, 'MN-028', false)).toEqual(['MN-030']);
  });

  it('switches a whole section on and off', () => {
    const all = toggleSectionCodes([], ['MN-027', 'MN-028', 'MN-029', 'MN-030'], true);
    expect(all).toEqual(['MN-027', 'MN-028', 'MN-029', 'MN-030']);
    expect(toggleSectionCodes([...all, 'MN-007'], ['MN-027', 'MN-028', 'MN-029', 'MN-030'], false)).toEqual([
      'MN-007',
    ]);
  });
});
