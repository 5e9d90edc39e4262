import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { SearchActions } from '../../ui/data-table/search-actions';
import { BEDateField } from '../../ui/form/be-date-field';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { labelOf } from '../reference';
import {
  emptyReceiptRequestSearch,
  OPEN,
  type ReceiptRequestSearchValues,
  receiptRequestSearchSchema,
} from './receipt-request-search';
import type { ReceiptRequestWorkflow } from './use-receipt-request-workflow';

export interface ReceiptRequestSearchFormProps {
  queue: boolean;
  workflow: ReceiptRequestWorkflow | undefined;
  initialValues: ReceiptRequestSearchValues;
  onSearch: (values: ReceiptRequestSearchValues) => void;
}

/** Period sent (Buddhist-era days), receiving unit, kind, status and text (number, name, id, e-mail). */
export function ReceiptRequestSearchForm({
  queue,
  workflow,
  initialValues,
  onSearch,
}: ReceiptRequestSearchFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const statuses = [
    { value: OPEN, label: t('receiptRequest.open') },
    ...(workflow?.statuses ?? []).map((status) => ({ value: status.code, label: labelOf(status, language) })),
  ];
  return (
    <Formik initialValues={initialValues} validationSchema={receiptRequestSearchSchema} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('receiptRequest.searchTitle')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField name="search" label={t('receiptRequest.searchText')} maxLength={100} />
              <SelectField
                name="status"
                label={t('receiptRequest.status')}
                placeholder={t('form.all')}
                options={statuses}
              />
              <SelectField
                name="kind"
                label={t('receiptRequest.kind')}
                placeholder={t('form.all')}
                options={(['MONEY', 'GOODS'] as const).map((kind) => ({
                  value: kind,
                  label: t(`receiptRequest.kinds.${kind}`),
                }))}
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <BEDateField name="from" label={t('receiptRequest.from')} />
              <BEDateField name="to" label={t('receiptRequest.to')} />
            </SimpleGrid>
            <OrganisationPathField
              name="organisation"
              legend={t('receiptRequest.unit')}
              emptyLabel={t('form.all')}
            />
            <SearchActions
              onClear={() => {
                const empty = emptyReceiptRequestSearch(queue);
                resetForm({ values: empty });
                onSearch(empty);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
