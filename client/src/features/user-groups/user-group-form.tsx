import type { ErrorLike } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextField } from '../../ui/form/text-field';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { MenuCheckboxGroups } from './menu-checkbox-groups';
import { type UserGroupValues, userGroupSchema } from './user-group.schema';
import { MenuCatalogueQuery } from './user-groups.operations';

export interface UserGroupFormProps {
  initialValues: UserGroupValues;
  /** Editing keeps the code: it is the group's identity and referenced by its users. */
  codeReadOnly: boolean;
  error: ErrorLike | null | undefined;
  onSubmit: (values: UserGroupValues, helpers: FormikHelpers<UserGroupValues>) => Promise<void>;
  onCancel?: () => void;
}

/** Code, name, remark and the group's menus (add-user-group and edit-user-group). */
export function UserGroupForm({
  initialValues,
  codeReadOnly,
  error,
  onSubmit,
  onCancel,
}: UserGroupFormProps) {
  const { t } = useTranslation();
  const catalogue = useQuery(MenuCatalogueQuery);
  if (catalogue.loading && !catalogue.data) return <LoadingState />;
  if (catalogue.error || !catalogue.data)
    return <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={userGroupSchema}
      onSubmit={onSubmit}
      enableReinitialize
    >
      {({ isSubmitting, values }) => (
        <Form noValidate>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="code"
                label={t('group.fields.code')}
                readOnly={codeReadOnly}
                autoCapitalize="characters"
                helperText={codeReadOnly ? undefined : t('group.codeRule')}
                required
              />
              <TextField name="name" label={t('group.fields.name')} required />
            </SimpleGrid>
            <Field.Root readOnly>
              <Field.Label>{t('group.fields.remark')}</Field.Label>
              <Input value={values.name} readOnly />
              <Field.HelperText>{t('group.remarkNote')}</Field.HelperText>
            </Field.Root>
            <Text fontSize="sm" color="fg.muted">
              {t('group.statusNote')}
            </Text>
            <MenuCheckboxGroups name="menuCodes" menus={catalogue.data.menuCatalogue} />
            <FormErrorAlert error={error} />
            <HStack gap="3">
              <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                {t('form.save')}
              </Button>
              {onCancel && (
                <Button variant="outline" onClick={onCancel}>
                  {t('common.cancel')}
                </Button>
              )}
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
