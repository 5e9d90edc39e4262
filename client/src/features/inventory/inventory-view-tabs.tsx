import { Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueEntry } from '../../platform/menu-catalogue';
import { useSessionSnapshot } from '../../platform/session/session-context';
import { inventoryViewsFor } from './inventory-views';

const NO_MENUS: readonly string[] = [];

/**
 * A document screen with its ledger views: "Documents" first, then one tab per view the screen's
 * object offers (inventory-views.ts). Without such views the documents are shown as they are.
 */
export function InventoryViewTabs({ entry, children }: { entry: CatalogueEntry; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionSnapshot().session?.user;
  const views = inventoryViewsFor(entry, user?.menus.map((menu) => menu.code) ?? NO_MENUS);
  if (views.length === 0) return children;
  return (
    <Tabs.Root defaultValue="documents" lazyMount variant="enclosed">
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="documents">{t('inventory.tabs.documents')}</Tabs.Trigger>
        {views.map((view) => (
          <Tabs.Trigger key={view.key} value={view.key}>
            {t(`inventory.tabs.${view.key}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="documents">{children}</Tabs.Content>
      {views.map(({ key, component: View }) => (
        <Tabs.Content key={key} value={key}>
          <View />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
