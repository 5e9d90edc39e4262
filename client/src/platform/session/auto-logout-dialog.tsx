import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AutoLogoutReason } from './session-types';

const MESSAGE_KEY = {
  duplicate: 'session.autoLogout.duplicate',
  // Specification sec. 8 gives a failed refresh and the idle limit the same text.
  refresh: 'session.autoLogout.idle',
  idle: 'session.autoLogout.idle',
  transferred: 'session.autoLogout.transferred',
} as const satisfies Record<AutoLogoutReason, string>;

export interface AutoLogoutDialogProps {
  reason: AutoLogoutReason;
  onConfirm: () => void;
}

/**
 * The "automatically logged out" modal. It cannot be dismissed by Escape or a click outside: the
 * session is already over, and the confirm button is the way on to the login page.
 */
export function AutoLogoutDialog({ reason, onConfirm }: AutoLogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open
      role="alertdialog"
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onConfirm();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('session.autoLogout.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t(MESSAGE_KEY[reason])}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onConfirm}>
                {t('session.autoLogout.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
