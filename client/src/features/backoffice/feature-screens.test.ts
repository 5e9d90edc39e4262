import { describe, expect, it } from 'vitest';
import { menuByKey } from '../../platform/menu-catalogue';
import { DOCUMENT_SCREEN_KEYS } from '../documents';
import { REFERENCE_SCREEN_KEYS } from '../reference';
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

  it('shows the donation history on its own key: MN-058', () => {
    expect(Object.keys(FEATURE_SCREEN_LISTS['donation-history'])).toEqual(['view-donation-history-MSDHS']);
    expect(menuByKey('view-donation-history-MSDHS')?.code).toBe('MN-058');
  });

  it('shows the receipt-request queue (MN-053) and its history (MN-059) with one list page', () => {
    const keys = Object.keys(FEATURE_SCREEN_LISTS['receipt-requests']);
    expect(keys.map((key) => menuByKey(key)?.code)).toEqual(['MN-053', 'MN-059']);
    expect(new Set(keys.map((key) => FEATURE_SCREENS[key])).size).toBe(1);
  });

  it('shows every basic-data key (MN-008..MN-026) with the reference-data kit', () => {
    expect(REFERENCE_SCREEN_KEYS).toHaveLength(19);
    expect(REFERENCE_SCREEN_KEYS).toContain('save-goverment-info');
    const pages = new Set(REFERENCE_SCREEN_KEYS.map((key) => FEATURE_SCREENS[key]));
    expect(pages.size).toBe(1);
  });

  /** The document keys among the given menu codes, in catalogue order. */
  const keysOf = (codes: RegExp) =>
    DOCUMENT_SCREEN_KEYS.filter((key) => codes.test(menuByKey(key)?.code ?? ''));

  it('shows the document kit on every key of a money-donation object: MN-035..MN-038, MN-048..MN-051', () => {
    expect(keysOf(/^MN-0(3[5-8]|4[89]|5[01])$/)).toEqual([
      'add-donate-money',
      'edit-donate-money',
      'cancle-donate-money',
      'view-donate-money',
      'approve-receipt-money',
      'cancle-receipt-money',
      'view-receipt-money',
      'print-donate-money',
    ]);
  });

  it('shows the document kit on the goods evidence’s print screen: MN-052', () => {
    expect(keysOf(/^MN-052$/)).toEqual(['print-donate-resource']);
  });

  it('shows the document kit on every provide-resource key: MN-054..MN-057', () => {
    expect(keysOf(/^MN-05[4-7]$/)).toEqual([
      'save-provide-resource',
      'edit-provide-resource',
      'cancel-provide-resource',
      'view-provide-resource',
    ]);
  });

  it('shows the document kit on every key of a document object: the inventory screens MN-100..MN-105', () => {
    expect(keysOf(/^MN-10[0-5]$/)).toEqual([
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

  it('shows the document kit on every goods-donation key: MN-031..MN-034 and MN-039..MN-047', () => {
    expect(keysOf(/^MN-0(3[1-4]|39|4[0-7])$/)).toEqual([
      'add-donate-things',
      'edit-donate-things',
      'cancle-donate-things',
      'view-donate-things',
      'add-screen-donate-things',
      'cancle-screen-donate-things',
      'view-screen-donate-things',
      'approve-donate-things-one',
      'cancle-approve-donate-things-one',
      'view-approve-donate-things-one',
      'approve-donate-things-two',
      'cancle-approve-donate-things-two',
      'view-approve-donate-things-two',
    ]);
  });

  it('shows the document kit on every key of the disbursement section: MN-060..MN-099', () => {
    const keys = keysOf(/^MN-0(6\d|[7-9]\d)$/);
    expect(keys).toHaveLength(40);
    expect(keys).toContain('edit-delivery-resource-disbursement');
    expect(keys).toContain('edit-delivery-money-disbursement');
    expect(new Set(keys.map((key) => FEATURE_SCREENS[key])).size).toBe(1);
  });
});
