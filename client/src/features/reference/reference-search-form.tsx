import { SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../ui/data-table/search-actions';
import { SelectField, type SelectOption } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { EMPTY_REFERENCE_SEARCH, type ReferenceSearchValues } from './use-reference-list';

export interface ReferenceSearchFormProps {
  /** Names the search region (the type's label). */
  label: string;
  /** The fields the search text is matched against, for the hint. */
  searchedLabels: readonly string[];
  initialValues: ReferenceSearchValues;
  onSearch: (values: ReferenceSearchValues) => void;
  /** The status filter's choices: active and inactive unless given (a document type's statuses). */
  statusOptions?: readonly SelectOption[];
}

/**
 * One search text (matched against the type's searchable fields) and the status filter: the search
 * form of both kits' lists.
 */
export function ReferenceSearchForm({
  label,
  searchedLabels,
  initialValues,
  onSearch,
  statusOptions,
}: ReferenceSearchFormProps) {
  const { t } = useTranslation();
  return (
    <Formik initialValues={initialValues} onSubmit={onSearch}>
      {({ resetForm }) => (
        <Form noValidate role="search" aria-label={t('reference.searchOf', { type: label })}>
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} bg="bg">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <TextField
                name="search"
                label={t('reference.searchText')}
                helperText={
                  searchedLabels.length
                    ? t('reference.searchHelp', { fields: searchedLabels.join(', ') })
                    : undefined
                }
                maxLength={100}
              />
              <SelectField
                name="statusCode"
                label={t('reference.status')}
                placeholder={t('form.all')}
                options={
                  statusOptions ?? [
                    { value: 'A', label: t('reference.statusA') },
                    { value: 'I', label: t('reference.statusI') },
                  ]
                }
              />
            </SimpleGrid>
            <SearchActions
              onClear={() => {
                resetForm({ values: EMPTY_REFERENCE_SEARCH });
                onSearch(EMPTY_REFERENCE_SEARCH);
              }}
            />
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
