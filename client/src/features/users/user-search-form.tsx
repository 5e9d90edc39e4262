import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../ui/data-table/search-actions';
import { BEDateField } from '../../ui/form/be-date-field';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { EMPTY_USER_SEARCH, OFFICE_TYPES, type UserSearchValues, userSearchSchema } from './user-search';
import {
  REQUEST_STATUS_CODES,
  REQUEST_STATUS_LABEL,
  USER_STATUS_CODES,
  USER_STATUS_LABEL,
} from './user-status';

export interface UserSearchFormProps {
  initialValues: UserSearchValues;
  onSearch: (values: UserSearchValues) => void;
}

/** The user search of specification sec. 3: organisation, id card, names, registration dates, status. */
export function UserSearchForm({ initialValues, onSearch }: UserSearchFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={initialValues} validationSchema={userSearchSchema} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('user.search.label')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <OrganisationPathField
              name="organisation"
              legend={t('user.fields.organisation')}
              emptyLabel={t('form.all')}
            />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <SelectField
                name="officeType"
                label={t('organisation.officeType')}
                placeholder={t('form.all')}
                options={OFFICE_TYPES.map((code) => ({
                  value: String(code),
                  label: t(`organisation.officeTypes.${code}`),
                }))}
              />
              <TextField name="idc" label={t('user.fields.citizenId')} inputMode="numeric" />
              <TextField name="firstname" label={t('user.fields.firstNameTh')} />
              <TextField name="lastname" label={t('user.fields.lastNameTh')} />
              <BEDateField name="fromDate" label={t('user.search.fromDate')} />
              <BEDateField name="toDate" label={t('user.search.toDate')} />
              <SelectField
                name="userStatus"
                label={t('user.fields.userStatus')}
                placeholder={t('form.all')}
                options={USER_STATUS_CODES.map((code) => ({
                  value: code,
                  label: t(USER_STATUS_LABEL[code]),
                }))}
              />
              <SelectField
                name="requestStatus"
                label={t('user.fields.requestStatus')}
                placeholder={t('form.all')}
                options={REQUEST_STATUS_CODES.map((code) => ({
                  value: code,
                  label: t(REQUEST_STATUS_LABEL[code]),
                }))}
              />
            </SimpleGrid>
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_USER_SEARCH });
                onSearch(EMPTY_USER_SEARCH);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
