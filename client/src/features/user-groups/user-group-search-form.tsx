import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../ui/data-table/search-actions';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { EMPTY_GROUP_SEARCH, type UserGroupSearchValues } from './use-user-group-list';

export interface UserGroupSearchFormProps {
  initialValues: UserGroupSearchValues;
  onSearch: (values: UserGroupSearchValues) => void;
}

export function UserGroupSearchForm({ initialValues, onSearch }: UserGroupSearchFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={initialValues} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('group.search')}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField name="code" label={t('group.fields.code')} autoCapitalize="characters" />
              <TextField name="name" label={t('group.fields.name')} />
              <SelectField
                name="statusCode"
                label={t('group.fields.status')}
                placeholder={t('form.all')}
                options={[
                  { value: 'A', label: t('group.status.A') },
                  { value: 'I', label: t('group.status.I') },
                ]}
              />
            </SimpleGrid>
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_GROUP_SEARCH });
                onSearch(EMPTY_GROUP_SEARCH);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
