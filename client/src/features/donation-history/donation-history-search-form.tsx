import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { SearchActions } from '../../ui/data-table/search-actions';
import { BEDateField } from '../../ui/form/be-date-field';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import type { DocumentDescriptor } from '../documents';
import {
  DONATION_TYPES,
  type DonationHistoryValues,
  donationHistorySchema,
  EMPTY_DONATION_HISTORY_SEARCH,
  objectiveChoices,
  statusChoices,
} from './donation-history-search';

export interface DonationHistorySearchFormProps {
  descriptors: readonly DocumentDescriptor[];
  initialValues: DonationHistoryValues;
  onSearch: (values: DonationHistoryValues) => void;
}

/**
 * Period (Buddhist-era days, as on the stock card), receiving unit, donor, kind, objective and status.
 * The statuses offered follow the kind chosen.
 */
export function DonationHistorySearchForm({
  descriptors,
  initialValues,
  onSearch,
}: DonationHistorySearchFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={initialValues} validationSchema={donationHistorySchema} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('donationHistory.search')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <BEDateField name="from" label={t('donationHistory.from')} />
              <BEDateField name="to" label={t('donationHistory.to')} />
            </SimpleGrid>
            <OrganisationPathField
              name="organisation"
              legend={t('donationHistory.unit')}
              emptyLabel={t('form.all')}
            />
            <ChoiceFields descriptors={descriptors} />
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_DONATION_HISTORY_SEARCH });
                onSearch(EMPTY_DONATION_HISTORY_SEARCH);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function ChoiceFields({ descriptors }: { descriptors: readonly DocumentDescriptor[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { values, setFieldValue } = useFormikContext<DonationHistoryValues>();
  const statuses = statusChoices(descriptors, values.kind, language);
  // A status of the other kind (PENDING after choosing goods) would match nothing: drop it.
  useEffect(() => {
    if (values.status && !statuses.some((s) => s.value === values.status)) void setFieldValue('status', '');
  }, [statuses, values.status, setFieldValue]);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField name="donor" label={t('donationHistory.donor')} maxLength={100} />
      <SelectField
        name="kind"
        label={t('donationHistory.kind')}
        placeholder={t('form.all')}
        options={(Object.keys(DONATION_TYPES) as (keyof typeof DONATION_TYPES)[]).map((kind) => ({
          value: kind,
          label: t(`donationHistory.kinds.${kind}`),
        }))}
      />
      <SelectField
        name="objective"
        label={t('donationHistory.objective')}
        placeholder={t('form.all')}
        options={objectiveChoices(descriptors, language)}
      />
      <SelectField
        name="status"
        label={t('donationHistory.status')}
        placeholder={t('form.all')}
        options={statuses}
      />
    </SimpleGrid>
  );
}
