import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../ui/data-table/search-actions';
import { BEDateField } from '../../ui/form/be-date-field';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import {
  type EDonationValues,
  EMPTY_E_DONATION_SEARCH,
  eDonationSchema,
  KEYING_CHOICES,
  KIND_CHOICES,
} from './e-donation-search';

export interface EDonationSearchFormProps {
  initialValues: EDonationValues;
  onSearch: (values: EDonationValues) => void;
}

/** Period (Buddhist-era donation dates), receiving unit subtree, keying status and kind. */
export function EDonationSearchForm({ initialValues, onSearch }: EDonationSearchFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={initialValues} validationSchema={eDonationSchema} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('eDonation.search')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <BEDateField name="from" label={t('eDonation.from')} />
              <BEDateField name="to" label={t('eDonation.to')} />
            </SimpleGrid>
            <OrganisationPathField
              name="organisation"
              legend={t('eDonation.unit')}
              emptyLabel={t('form.all')}
            />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <SelectField
                name="keying"
                label={t('eDonation.keying')}
                placeholder={t('form.all')}
                options={KEYING_CHOICES.map((value) => ({ value, label: t(`eDonation.keyings.${value}`) }))}
              />
              <SelectField
                name="kind"
                label={t('eDonation.kind')}
                placeholder={t('form.all')}
                options={KIND_CHOICES.map((value) => ({ value, label: t(`eDonation.kinds.${value}`) }))}
              />
            </SimpleGrid>
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_E_DONATION_SEARCH });
                onSearch(EMPTY_E_DONATION_SEARCH);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
