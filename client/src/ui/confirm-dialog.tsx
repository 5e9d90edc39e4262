import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message?: string;
  /** Extra content such as a reason field. */
  children?: ReactNode;
  confirmLabel: string;
  /** Destructive actions (delete, reject) get the red button. */
  danger?: boolean;
  loading?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot simply be undone. Focus starts on cancel, the safe choice. */
export function ConfirmDialog({
  open,
  title,
  message,
  children,
  confirmLabel,
  danger = false,
  loading = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {message && <Text>{message}</Text>}
                {children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={loading}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette={danger ? 'red' : 'brand'}
                onClick={onConfirm}
                loading={loading}
                disabled={confirmDisabled}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
