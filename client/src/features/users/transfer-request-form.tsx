import { useMutation } from '@apollo/client/react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { deepestUnit, EMPTY_ORGANISATION_PATH } from '../../ui/organisation/organisation-tree';
import { useOrganisationTree } from '../../ui/organisation/use-organisation-tree';
import { type TransferRequestValues, transferRequestSchema } from './own-profile.schema';
import { RequestTransferMutation } from './users.operations';

/** Asks to move to another unit; an administrator of the destination approves it. */
export function TransferRequestForm() {
  const { t } = useTranslation();
  const { roots } = useOrganisationTree();
  const [request, { data, error }] = useMutation(RequestTransferMutation);
  if (data) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('user.transfer.requested')}</Alert.Title>
      </Alert.Root>
    );
  }
  const initialValues: TransferRequestValues = { organisation: EMPTY_ORGANISATION_PATH, reason: '' };
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={transferRequestSchema}
      onSubmit={async (values) => {
        const unit = deepestUnit(roots, values.organisation);
        if (!unit) return;
        try {
          await request({ variables: { toUnitCode: unit.code, reason: values.reason.trim() || null } });
        } catch {
          // shown by FormErrorAlert
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate>
          <Stack gap="4">
            <OrganisationPathField
              name="organisation"
              legend={t('user.transfer.toUnit')}
              emptyLabel={t('form.choose')}
            />
            <TextareaField name="reason" label={t('user.transfer.reason')} />
            <FormErrorAlert error={error} />
            <Button
              type="submit"
              variant="outline"
              colorPalette="brand"
              loading={isSubmitting}
              alignSelf="start"
            >
              {t('user.transfer.request')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
