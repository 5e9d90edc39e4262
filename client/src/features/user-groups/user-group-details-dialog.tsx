import { List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { menuByCode } from '../../platform/menu-catalogue';
import { DetailsDialog } from '../../ui/app-dialog';
import type { UserGroupRow } from './use-user-group-list';

/** A group's menus, read-only. */
export function UserGroupDetailsDialog({ group, onClose }: { group: UserGroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <DetailsDialog title={`${group.name} (${group.code})`} onClose={onClose}>
      <Stack gap="3">
        <Text>{t('group.fields.menus', { count: group.menuCodes.length })}</Text>
        <List.Root ps="5">
          {group.menuCodes.map((code) => {
            const menu = menuByCode(code);
            return (
              <List.Item key={code}>
                {code} {menu ? (language === 'en' ? menu.nameEn : menu.nameTh) : ''}
              </List.Item>
            );
          })}
        </List.Root>
      </Stack>
    </DetailsDialog>
  );
}
