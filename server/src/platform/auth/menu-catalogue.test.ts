import { describe, expect, it } from 'vitest';
import {
  canonicalAction,
  type MenuAction,
  menuByCode,
  menuByKey,
  menuCatalogue,
  menuCodesFor,
  menuSections,
  withRequiredCodes,
} from './menu-catalogue';

// The feature keys of specification sec. 2, expanded by hand, misspellings kept as written there.
const specFeatureKeys = [
  // Users
  'approve-user',
  'view-user',
  'admin-edit-user',
  'edit-status-user',
  'approve-tranfer-user',
  'edit-user',
  // User groups
  'view-user-group',
  'edit-user-group',
  'delete-user-group',
  'add-user-group',
  // Basic data
  'save-goverment-info',
  'view-goverment-info',
  'save-resource',
  'view-resource',
  'save-resource-main',
  'view-resource-main',
  'save-resource-sub',
  'view-resource-sub',
  'save-size-weight',
  'view-size-weight',
  'save-counting-unit',
  'view-counting-unit',
  'edit-donator',
  'view-donator',
  'add-ext-office',
  'edit-ext-office',
  'view-ext-office',
  'save-missing-excess',
  'view-missing-excess',
  // Donation intake
  'add-donate-things',
  'edit-donate-things',
  'cancle-donate-things',
  'view-donate-things',
  'add-donate-money',
  'edit-donate-money',
  'cancle-donate-money',
  'view-donate-money',
  'add-screen-donate-things',
  'cancle-screen-donate-things',
  'view-screen-donate-things',
  'approve-donate-things-one',
  'cancle-approve-donate-things-one',
  'view-approve-donate-things-one',
  'approve-donate-things-two',
  'cancle-approve-donate-things-two',
  'view-approve-donate-things-two',
  'approve-receipt-money',
  'cancle-receipt-money',
  'view-receipt-money',
  'print-donate-money',
  'print-donate-resource',
  'reqs-receipt-donation-resouce',
  'save-provide-resource',
  'edit-provide-resource',
  'cancel-provide-resource',
  'view-provide-resource',
  'view-donation-history-MSDHS',
  'view-donation-reqs-history',
  // Support requests
  'save-reqs-support',
  'edit-reqs-support',
  'cancel-reqs-support',
  'view-reqs-support',
  'approve-reqs-support',
  'cancel-approve-reqs-support',
  'view-approve-reqs-support',
  // Disbursement
  ...['resource-disbursement', 'money-disbursement'].flatMap((s) =>
    ['save', 'edit', 'cancel', 'view', 'approve', 'cancel-approve', 'view-approve'].map((a) => `${a}-${s}`),
  ),
  // Delivery and result
  ...[
    'delivery-resource-disbursement',
    'delivery-money-disbursement',
    'result-resource-disbursement',
  ].flatMap((s) => ['save', 'edit', 'cancel', 'view'].map((a) => `${a}-${s}`)),
  // Distribution
  'add-distribution-donate',
  'edit-distribution-donate',
  'cancel-distribution-donate',
  'view-distribution-donate',
  'approve-distribution-donate',
  'cancel-approve-distribution-donate',
  'view-approve-distribution-donate',
  // Inventory
  'save-transfer-item-to-another-storage',
  'view-transfer-item-to-another-storage',
  'save-adjust-storage-item',
  'view-adjust-storage-item',
  'save-initial-money',
  'view-initial-money',
  // Other
  'notification-pending-work',
  'add-royal-decoration',
  'edit-royal-decoration',
  'cancel-royal-decoration',
  'view-royal-decoration',
  'export-data-revenue',
  'view-data-revenue',
];

const actions: MenuAction[] = [
  'approve',
  'view',
  'add',
  'save',
  'edit',
  'cancel',
  'cancle',
  'delete',
  'cancel-approve',
  'cancle-approve',
  'view-approve',
  'print',
  'export',
  'request',
  'open',
];

const code = (n: number) => `MN-${String(n).padStart(3, '0')}`;

describe('menu catalogue', () => {
  it('has exactly 148 unique codes MN-001..MN-148, contiguous and in order', () => {
    expect(menuCatalogue).toHaveLength(148);
    expect(menuCatalogue.map((e) => e.code)).toEqual(Array.from({ length: 148 }, (_, i) => code(i + 1)));
    expect(new Set(menuCatalogue.map((e) => e.code)).size).toBe(148);
  });

  it('has unique keys', () => {
    expect(new Set(menuCatalogue.map((e) => e.key)).size).toBe(menuCatalogue.length);
  });

  it('keeps the codes fixed by the specification', () => {
    expect(menuByCode('MN-001')?.key).toBe('approve-user');
    expect(menuByCode('MN-007')?.key).toBe('change-password');
    expect(['MN-027', 'MN-028', 'MN-029', 'MN-030'].map((c) => menuByCode(c)?.key)).toEqual([
      'add-user-group',
      'edit-user-group',
      'delete-user-group',
      'view-user-group',
    ]);
  });

  it('numbers the blocks in the order product decisions prescribe', () => {
    const keysOf = (from: number, to: number) => menuCatalogue.slice(from - 1, to).map((e) => e.key);
    expect(keysOf(1, 6)).toEqual(specFeatureKeys.slice(0, 6));
    expect(keysOf(8, 26)).toEqual(specFeatureKeys.slice(10, 29));
    expect(keysOf(8, 26).every((k) => menuByKey(k)?.section === 'basic-data')).toBe(true);
    // Everything after the groups follows the specification's list order, then the reports.
    expect(keysOf(31, 112)).toEqual(specFeatureKeys.slice(29));
    expect(keysOf(113, 144)).toEqual(
      ['1-1', '1-2', '1-3', '1-4', '1-5', '1-6', '1-7', '1-8']
        .concat(['2-1', '2-2', '2-3', '2-4', '2-5', '2-6', '2-7', '2-8'])
        .concat(['3-1', '3-2', '3-3', '3-4', '3-5', '3-6', '3-7', '3-8'])
        .concat(['4-1', '4-2', '4-3', '4-4', '4-5', '4-6', '5-1', '5-2'])
        .map((n) => `report-${n}`),
    );
    expect(keysOf(145, 148)).toEqual([
      'catering-booking-status',
      'view-division-info',
      'view-province-info',
      'view-thanks-letter-list',
    ]);
  });

  it('contains every feature key of the specification, spelled as there', () => {
    // 111 keys; with change-password (MN-007) they are the 112 back-office codes MN-001..MN-112.
    expect(specFeatureKeys).toHaveLength(111);
    expect(new Set(specFeatureKeys).size).toBe(specFeatureKeys.length);
    const missing = specFeatureKeys.filter((k) => !menuByKey(k));
    expect(missing).toEqual([]);
    for (const misspelt of [
      'cancle-donate-things',
      'approve-tranfer-user',
      'reqs-receipt-donation-resouce',
    ]) {
      expect(menuByKey(misspelt)).toBeDefined();
    }
    expect(menuByKey('save-goverment-info')?.code).toBe('MN-008');
  });

  it('gives every entry a valid action, section, names and route', () => {
    for (const e of menuCatalogue) {
      expect(actions, e.key).toContain(e.action);
      expect(menuSections, e.key).toContain(e.section);
      expect(e.nameTh, e.key).toMatch(/[\u0E01-\u0E5B]/);
      expect(e.nameEn.trim(), e.key).not.toBe('');
      if (e.external) {
        expect(e.section, e.key).toBe('reports');
        expect(e.route, e.key).toBeNull();
      } else if (e.route !== null) {
        expect(e.route, e.key).toBe(`/backoffice/${e.key}`);
      }
    }
    const external = menuCatalogue.filter((e) => e.external).map((e) => e.key);
    expect(external).toHaveLength(33);
    expect(external).toContain('catering-booking-status');
    const withoutRoute = menuCatalogue.filter((e) => e.route === null && !e.external).map((e) => e.key);
    expect(withoutRoute).toEqual(['view-division-info', 'view-province-info', 'view-thanks-letter-list']);
  });

  it('refers only to existing codes in requires, never to itself', () => {
    for (const e of menuCatalogue) {
      for (const required of e.requires) {
        expect(menuByCode(required), `${e.code} requires ${required}`).toBeDefined();
        expect(required).not.toBe(e.code);
      }
    }
  });

  it('makes edit, cancel and approve imply the matching view', () => {
    expect(menuByKey('edit-user-group')?.requires).toEqual(['MN-030']);
    expect(menuCodesFor('edit-user-group')).toEqual(['MN-028', 'MN-030']);
    expect(menuCodesFor('view-user-group')).toEqual(['MN-030']);
    expect(menuCodesFor('approve-user')).toEqual(['MN-001', menuByKey('view-user')?.code]);
    const approve = menuByKey('approve-reqs-support');
    expect(approve?.requires).toEqual([menuByKey('view-approve-reqs-support')?.code]);
    const cancel = menuByKey('cancle-donate-things');
    expect(cancel?.requires).toEqual([menuByKey('view-donate-things')?.code]);
    for (const e of menuCatalogue) {
      const selfService = e.key === 'edit-user' || e.key === 'change-password';
      if (!selfService && ['edit', 'cancel', 'cancle', 'delete', 'save', 'add'].includes(e.action)) {
        expect(e.requires.length, `${e.key} should require a view`).toBeGreaterThan(0);
      }
      for (const required of e.requires) {
        expect(['view', 'view-approve']).toContain(menuByCode(required)?.action);
      }
    }
    expect(menuCodesFor('no-such-key')).toEqual([]);
    expect(withRequiredCodes(['MN-028', 'MN-029', 'MN-030'])).toEqual(['MN-028', 'MN-030', 'MN-029']);
  });

  it('reads the misspelt cancel as cancel', () => {
    expect(canonicalAction('cancle')).toBe('cancel');
    expect(canonicalAction('cancle-approve')).toBe('cancel-approve');
    expect(canonicalAction('view')).toBe('view');
  });
});
