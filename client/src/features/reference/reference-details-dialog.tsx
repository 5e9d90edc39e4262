import { Badge, Button, DataList, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { dayBE, fieldText } from './reference-cells';
import { labelOf, type ReferenceDescriptor } from './reference-rules';
import type { ReferenceRow } from './use-reference-list';

/** Every field of one item, read-only: the details view of all screens, the only one of VIEW screens. */
export function ReferenceDetailsDialog({
  descriptor,
  item,
  onClose,
}: {
  descriptor: ReferenceDescriptor;
  item: ReferenceRow;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const yesNo = { yes: t('reference.yes'), no: t('reference.no') };
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
                {labelOf(descriptor, language)} {item.code}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataList.Root orientation="horizontal">
                {descriptor.fields.map((field) => (
                  <DataList.Item key={field.name}>
                    <DataList.ItemLabel>{labelOf(field, language)}</DataList.ItemLabel>
                    <DataList.ItemValue>{fieldText(field, item, language, yesNo) || '—'}</DataList.ItemValue>
                  </DataList.Item>
                ))}
                <DataList.Item>
                  <DataList.ItemLabel>{t('reference.status')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <StatusBadge statusCode={item.statusCode} />
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('reference.createdAt')}</DataList.ItemLabel>
                  <DataList.ItemValue>{dayBE(item.createdAt, language)}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('reference.updatedAt')}</DataList.ItemLabel>
                  <DataList.ItemValue>{dayBE(item.updatedAt, language)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
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

export function StatusBadge({ statusCode }: { statusCode: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={statusCode === 'A' ? 'green' : 'red'}>
      {statusCode === 'A' ? t('reference.statusA') : t('reference.statusI')}
    </Badge>
  );
}
