import { Badge, DataList } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { DetailsDialog } from '../../ui/app-dialog';
import { dayBE, fieldLang, fieldText } from './reference-cells';
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
    <DetailsDialog
      title={
        <>
          {labelOf(descriptor, language)} {item.code}
        </>
      }
      onClose={onClose}
    >
      <DataList.Root orientation="horizontal">
        {descriptor.fields.map((field) => (
          <DataList.Item key={field.name}>
            <DataList.ItemLabel>{labelOf(field, language)}</DataList.ItemLabel>
            <DataList.ItemValue lang={fieldLang(field)}>
              {fieldText(field, item, language, yesNo) || '—'}
            </DataList.ItemValue>
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
    </DetailsDialog>
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
