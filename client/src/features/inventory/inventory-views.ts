import type { MenuCode } from '@namjai/common/menu-catalogue';
import type { ComponentType } from 'react';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { ExpiringLotsTab } from './expiring-lots-tab';
import { MoneyBalancesTab } from './money-balances-tab';
import { MoneyCardTab } from './money-card-tab';
import { StockCardTab } from './stock-card-tab';
import { StockOnHandTab } from './stock-on-hand-tab';

export type InventoryViewKey = 'stockOnHand' | 'stockCard' | 'expiring' | 'moneyBalances' | 'moneyCard';

export interface InventoryView {
  key: InventoryViewKey;
  /** The server's menu codes for the view's query: the tab shows only to users holding one. */
  menus: readonly MenuCode[];
  component: ComponentType;
}

const STOCK_MENUS: MenuCode[] = ['MN-101', 'MN-103'];
const MONEY_MENUS: MenuCode[] = ['MN-105'];

const STOCK_VIEWS: readonly InventoryView[] = [
  { key: 'stockOnHand', menus: STOCK_MENUS, component: StockOnHandTab },
  { key: 'stockCard', menus: STOCK_MENUS, component: StockCardTab },
  { key: 'expiring', menus: STOCK_MENUS, component: ExpiringLotsTab },
];

const MONEY_VIEWS: readonly InventoryView[] = [
  { key: 'moneyBalances', menus: MONEY_MENUS, component: MoneyBalancesTab },
  { key: 'moneyCard', menus: MONEY_MENUS, component: MoneyCardTab },
];

/** The one place that says which ledger views a document screen offers beside its documents, by catalogue object. */
const VIEWS_BY_OBJECT: Readonly<Record<string, readonly InventoryView[]>> = {
  'transfer-item-to-another-storage': STOCK_VIEWS,
  'adjust-storage-item': STOCK_VIEWS,
  'initial-money': MONEY_VIEWS,
};

/** The views of the screen's object (save-/view-<object>) that the user's menus reach. */
export function inventoryViewsFor(entry: CatalogueEntry, menuCodes: readonly string[]): InventoryView[] {
  const object = entry.key.slice(entry.action.length + 1);
  return (VIEWS_BY_OBJECT[object] ?? []).filter((view) =>
    view.menus.some((code) => menuCodes.includes(code)),
  );
}
