import { Button, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { menuByCode } from '../../platform/menu-catalogue';
import type { UserGroupRow } from './use-user-group-list';

/** A group's menus, read-only. */
export function UserGroupDetailsDialog({ group, onClose }: { group: UserGroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dialog.Root
      open
      placement="center"
      size="lg"
      scrollBehavior="inside"
      onOpenChange={(d) => !d.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {group.name} ({group.code})
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
