import { useMutation } from '@apollo/client/react';
import { Button, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { OrganisationPathField } from '../../ui/form/organisation-path-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { deepestUnit, EMPTY_ORGANISATION_PATH } from '../../ui/organisation/organisation-tree';
import { useOrganisationTree } from '../../ui/organisation/use-organisation-tree';
import { toaster } from '../../ui/toaster';
import { type TransferRequestValues, transferRequestSchema } from './own-profile.schema';
import { RequestTransferMutation } from './users.operations';

/**
 * Asks to move to another unit; an administrator of the destination approves it. `onRequested`
 * runs once the request is saved (the page then shows it, pending, instead of this form).
 */
export function TransferRequestForm({ onRequested }: { onRequested: () => void }) {
  const { t } = useTranslation();
  const { roots } = useOrganisationTree();
  const [request, { error }] = useMutation(RequestTransferMutation);
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
          toaster.create({ type: 'success', title: t('user.transfer.requested') });
          onRequested();
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
