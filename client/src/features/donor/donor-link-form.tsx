import { useMutation } from '@apollo/client/react';
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CitizenIdField } from '../../ui/form/citizen-id-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextField } from '../../ui/form/text-field';
import { citizenIdText } from '../../ui/validation/schemas';
import { object, string } from '../../ui/validation/yup';
import { ConfirmDonorLinkMutation, LinkDonorRecordMutation } from './donor.operations';

const idSchema = object({ taxId: citizenIdText() });
const codeSchema = object({
  code: string()
    .trim()
    .required('validation.required')
    .matches(/^\d{6}$/, 'validation.invalid'),
});

/**
 * Links a donor record to the account by its citizen or tax id (docs/public-site.md): at once when
 * the record's e-mail is the account's, otherwise with the six-digit code the server mails to the
 * e-mail on that record. The answer never says whether an id is on record.
 */
export function DonorLinkForm({ onLinked }: { onLinked: () => void }) {
  const { t } = useTranslation();
  const [link, linking] = useMutation(LinkDonorRecordMutation);
  const [confirm, confirming] = useMutation(ConfirmDonorLinkMutation);
  /** The id a code was asked for: the second step is showing. */
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [linked, setLinked] = useState<string | null>(null);

  const ask = async ({ taxId }: { taxId: string }) => {
    setLinked(null);
    try {
      const { data } = await link({ variables: { taxId } });
      const result = data?.linkDonorRecord;
      if (result?.status === 'LINKED') {
        setPendingId(null);
        setLinked(result.donor ? `${result.donor.code} ${result.donor.nameTh}` : taxId);
        onLinked();
      } else setPendingId(taxId);
    } catch {
      // shown by the form's error alert
    }
  };

  const enter = async ({ code }: { code: string }) => {
    if (!pendingId) return;
    try {
      const { data } = await confirm({ variables: { taxId: pendingId, code: code.trim() } });
      const donor = data?.confirmDonorLink;
      setPendingId(null);
      setLinked(donor ? `${donor.code} ${donor.nameTh}` : pendingId);
      onLinked();
    } catch {
      // shown by the form's error alert
    }
  };

  return (
    <Box borderWidth="1px" rounded="lg" p={{ base: '4', md: '5' }} data-testid="donor-link-form">
      <Stack gap="4">
        <Text>{t('donor.link.intro')}</Text>
        {linked && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('donor.link.done', { name: linked })}</Alert.Title>
          </Alert.Root>
        )}
        {pendingId === null ? (
          <Formik initialValues={{ taxId: '' }} validationSchema={idSchema} onSubmit={ask}>
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack gap="3">
                  <CitizenIdField name="taxId" label={t('donor.link.taxId')} required />
                  <FormErrorAlert error={linking.error} />
                  <Button type="submit" colorPalette="brand" loading={isSubmitting} alignSelf="start">
                    {t('donor.link.submit')}
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        ) : (
          <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={enter}>
            {({ isSubmitting }) => (
              <Form noValidate>
                <Stack gap="3">
                  <Alert.Root status="info" role="status">
                    <Alert.Indicator />
                    <Alert.Title>{t('donor.link.checkEmail')}</Alert.Title>
                  </Alert.Root>
                  <TextField
                    name="code"
                    label={t('donor.link.code')}
                    helperText={t('donor.link.codeHelp')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    required
                  />
                  <FormErrorAlert error={confirming.error} />
                  <HStack gap="3" wrap="wrap">
                    <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                      {t('donor.link.confirm')}
                    </Button>
                    <Button variant="ghost" onClick={() => setPendingId(null)}>
                      {t('donor.link.again')}
                    </Button>
                  </HStack>
                </Stack>
              </Form>
            )}
          </Formik>
        )}
      </Stack>
    </Box>
  );
}
