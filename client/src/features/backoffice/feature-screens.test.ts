import { describe, expect, it } from 'vitest';
import { menuByKey } from '../../platform/menu-catalogue';
import { DOCUMENT_SCREEN_KEYS } from '../documents/documents.screens';
import { REFERENCE_SCREEN_KEYS } from '../reference/reference.screens';
import { FEATURE_SCREEN_LISTS, FEATURE_SCREENS } from './feature-screens';

describe('the back-office screen map', () => {
  it('is built from the features’ own lists, each key offered by one feature only', () => {
    const keys = Object.values(FEATURE_SCREEN_LISTS).flatMap((screens) => Object.keys(screens));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(FEATURE_SCREENS).sort()).toEqual([...keys].sort());
  });

  it('offers only keys of the menu catalogue, with a route of their own', () => {
    for (const key of Object.keys(FEATURE_SCREENS)) {
      expect(menuByKey(key)?.external, key).toBe(false);
    }
  });

  it('shows every basic-data key (MN-008..MN-026) with the reference-data kit', () => {
    expect(REFERENCE_SCREEN_KEYS).toHaveLength(19);
    expect(REFERENCE_SCREEN_KEYS).toContain('save-goverment-info');
    const pages = new Set(REFERENCE_SCREEN_KEYS.map((key) => FEATURE_SCREENS[key]));
    expect(pages.size).toBe(1);
  });

  it('shows the document kit on every key of a document object: provide-resource MN-054..MN-057, the inventory screens MN-100..MN-105', () => {
    expect(DOCUMENT_SCREEN_KEYS).toEqual([
      'save-provide-resource',
      'edit-provide-resource',
      'cancel-provide-resource',
      'view-provide-resource',
      'save-transfer-item-to-another-storage',
      'view-transfer-item-to-another-storage',
      'save-adjust-storage-item',
      'view-adjust-storage-item',
      'save-initial-money',
      'view-initial-money',
    ]);
    const pages = new Set(DOCUMENT_SCREEN_KEYS.map((key) => FEATURE_SCREENS[key]));
    expect(pages.size).toBe(1);
  });
});
