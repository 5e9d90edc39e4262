import type { ErrorLike } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Link as ChakraLink,
  Fieldset,
  Heading,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Form, Formik, type FormikHelpers, useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptRequestKind } from '../../gql/graphql';
import { apiFieldErrors } from '../../platform/api-errors';
import { useBotCheck } from '../../platform/bot-check';
import { currentLanguage } from '../../platform/i18n';
import { postPublicForm } from '../../platform/post-public-form';
import { AddressField } from '../../ui/form/address-field';
import { BEDateField } from '../../ui/form/be-date-field';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { CitizenIdField } from '../../ui/form/citizen-id-field';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { RadioField } from '../../ui/form/radio-field';
import { TextField } from '../../ui/form/text-field';
import { TextareaField } from '../../ui/form/textarea-field';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { EvidenceField, ItemsField, ReceivingUnitFields } from './receipt-request-fields';
import {
  initialReceiptRequestValues,
  type ReceiptRequestValues,
  receiptRequestErrorPath,
  receiptRequestSchema,
  toReceiptRequestJson,
} from './receipt-request-form';
import { ReceiptRequestFormQuery } from './receipt-requests.operations';

/** The public page of each kind, also the REST route's last segment (server receipt-request.routes.ts). */
export const RECEIPT_REQUEST_PAGES: Readonly<Record<ReceiptRequestKind, string>> = {
  MONEY: 'reqs-receipt-donation-money',
  GOODS: 'reqs-receipt-donation-resource',
};

interface Submitted {
  trackingNumber: string;
  emailedTo: string;
}

/**
 * /reqs-receipt-donation-money and /reqs-receipt-donation-resource: a donor asks for a receipt
 * (money) or an evidence of receipt (goods). One form for both kinds: who asks (a person or a
 * juristic person, with the citizen or tax id), the donation (unit, day, amount or goods), the
 * evidence, how to deliver it, and consent. The answer is a tracking number, also e-mailed.
 */
export function ReceiptRequestPage({ kind }: { kind: ReceiptRequestKind }) {
  const { t } = useTranslation();
  const page = kind === 'MONEY' ? 'receiptMoney' : 'receiptGoods';
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  const query = useQuery(ReceiptRequestFormQuery, { variables: { kind } });
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  return (
    <PageContainer>
      <Stack gap="6" maxW="4xl">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t(`pages.${page}.description`)}
          </Text>
          <Text>
            {t('receiptRequest.haveNumber')}{' '}
            <ChakraLink asChild color="brand.fg">
              <Link to="/reqs-receipt-status">{t('receiptRequest.statusLink')}</Link>
            </ChakraLink>
          </Text>
        </Stack>
        {submitted ? (
          <SubmittedPanel submitted={submitted} />
        ) : !query.data ? (
          query.loading ? (
            <LoadingState />
          ) : (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          )
        ) : (
          <ReceiptRequestForm
            kind={kind}
            units={query.data.receiptRequestUnits}
            maxBytes={query.data.receiptRequestEvidenceLimits.maxBytes}
            onSubmitted={setSubmitted}
          />
        )}
      </Stack>
    </PageContainer>
  );
}

function SubmittedPanel({ submitted }: { submitted: Submitted }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="success" role="status" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('receiptRequest.doneTitle')}</Alert.Title>
        <Alert.Description>
          <Stack gap="2" mt="1">
            <Text>
              {t('receiptRequest.trackingNumber')}:{' '}
              <Text as="strong" fontSize="xl" data-testid="tracking-number">
                {submitted.trackingNumber}
              </Text>
            </Text>
            <Text>{t('receiptRequest.done', { email: submitted.emailedTo })}</Text>
            <ChakraLink asChild color="brand.fg">
              <Link to="/reqs-receipt-status" search={{ number: submitted.trackingNumber }}>
                {t('receiptRequest.statusLink')}
              </Link>
            </ChakraLink>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

interface FormProps {
  kind: ReceiptRequestKind;
  units: Parameters<typeof ReceivingUnitFields>[0]['units'];
  maxBytes: number;
  onSubmitted: (submitted: Submitted) => void;
}

function ReceiptRequestForm({ kind, units, maxBytes, onSubmitted }: FormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const botCheck = useBotCheck();
  const [failure, setFailure] = useState<ErrorLike | null>(null);
  // One key per request the visitor means to send: a retry after a lost answer gives the same request.
  const key = useRef<string | null>(null);

  const submit = async (values: ReceiptRequestValues, helpers: FormikHelpers<ReceiptRequestValues>) => {
    setFailure(null);
    key.current ??= crypto.randomUUID();
    const body = new FormData();
    body.append('request', JSON.stringify(toReceiptRequestJson(kind, values, key.current)));
    if (values.evidence) body.append('evidence', values.evidence, values.evidence.name);
    try {
      onSubmitted(
        await postPublicForm<Submitted>(
          `/api/public/${RECEIPT_REQUEST_PAGES[kind]}`,
          body,
          botCheck.headers(),
        ),
      );
    } catch (caught) {
      const error = caught as ErrorLike;
      const fieldErrors = apiFieldErrors(error, language);
      for (const fieldError of fieldErrors)
        helpers.setFieldError(receiptRequestErrorPath(fieldError.field), fieldError.message);
      // Refused as a whole (too many forms, the bot check): the form may be sent again as it is.
      if (fieldErrors.length === 0) key.current = null;
      setFailure(error);
    } finally {
      botCheck.reset();
    }
  };

  return (
    <Formik
      initialValues={initialReceiptRequestValues(kind)}
      validationSchema={receiptRequestSchema(kind, maxBytes)}
      onSubmit={submit}
    >
      {({ isSubmitting, values }) => (
        <Form
          noValidate
          aria-label={t(kind === 'MONEY' ? 'pages.receiptMoney.title' : 'pages.receiptGoods.title')}
        >
          <Stack gap="8">
            <Fieldset.Root>
              <Fieldset.Legend asChild textStyle={{ base: 'lg', md: 'xl' }} fontWeight="700">
                <Heading as="h2">{t('receiptRequest.requester')}</Heading>
              </Fieldset.Legend>
              <Stack gap="4" mt="3">
                <RadioField
                  name="requesterType"
                  legend={t('receiptRequest.requesterType')}
                  inline
                  options={(['PERSON', 'JURISTIC'] as const).map((type) => ({
                    value: type,
                    label: t(`receiptRequest.requesterTypes.${type}`),
                  }))}
                />
                <TextField
                  name="requesterName"
                  label={t(
                    values.requesterType === 'JURISTIC'
                      ? 'receiptRequest.juristicName'
                      : 'receiptRequest.personName',
                  )}
                  autoComplete={values.requesterType === 'JURISTIC' ? 'organization' : 'name'}
                  maxLength={255}
                  required
                />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <CitizenIdField
                    name="taxId"
                    label={t(
                      values.requesterType === 'JURISTIC'
                        ? 'receiptRequest.taxId'
                        : 'receiptRequest.citizenId',
                    )}
                    required
                  />
                  <TextField
                    name="phone"
                    label={t('receiptRequest.phone')}
                    type="tel"
                    autoComplete="tel"
                    required
                  />
                </SimpleGrid>
                <TextField
                  name="email"
                  label={t('receiptRequest.email')}
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  helperText={t('receiptRequest.emailHelp')}
                  required
                />
              </Stack>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend asChild textStyle={{ base: 'lg', md: 'xl' }} fontWeight="700">
                <Heading as="h2">{t('receiptRequest.donation')}</Heading>
              </Fieldset.Legend>
              <Stack gap="4" mt="3">
                <ReceivingUnitFields units={units} />
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <BEDateField name="donatedOn" label={t('receiptRequest.donatedOn')} required />
                  {kind === 'MONEY' && (
                    <TextField
                      name="amount"
                      label={t('receiptRequest.amount')}
                      inputMode="decimal"
                      helperText={t('receiptRequest.amountHelp')}
                      required
                    />
                  )}
                </SimpleGrid>
                {kind === 'GOODS' && <ItemsField />}
                <EvidenceField required={kind === 'MONEY'} maxBytes={maxBytes} />
              </Stack>
            </Fieldset.Root>

            <DeliveryFields />

            <TextareaField name="note" label={t('receiptRequest.note')} />

            <CheckboxField
              name="consent"
              label={t('receiptRequest.consent')}
              required
              helperText={
                <ChakraLink asChild color="brand.fg">
                  <Link to="/pdpa" target="_blank" rel="noopener">
                    {t('receiptRequest.consentLink')}
                  </Link>
                </ChakraLink>
              }
            />
            <FormErrorAlert error={failure} />
            {botCheck.widget}
            <Box>
              <Button
                type="submit"
                colorPalette="brand"
                size="lg"
                loading={isSubmitting}
                disabled={!botCheck.ready}
              >
                {t('receiptRequest.submit')}
              </Button>
            </Box>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

/** By e-mail (the address above) or by post, which needs the postal address. */
function DeliveryFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ReceiptRequestValues>();
  return (
    <Fieldset.Root>
      <Fieldset.Legend asChild textStyle={{ base: 'lg', md: 'xl' }} fontWeight="700">
        <Heading as="h2">{t('receiptRequest.delivery')}</Heading>
      </Fieldset.Legend>
      <Stack gap="4" mt="3">
        <RadioField
          name="delivery"
          legend={t('receiptRequest.deliveryHow')}
          inline
          options={(['EMAIL', 'POST'] as const).map((delivery) => ({
            value: delivery,
            label: t(`receiptRequest.deliveries.${delivery}`),
          }))}
        />
        {values.delivery === 'POST' && (
          <>
            <TextField name="addressLine" label={t('receiptRequest.addressLine')} maxLength={500} required />
            <AddressField name="address" legend={t('receiptRequest.address')} required />
          </>
        )}
      </Stack>
    </Fieldset.Root>
  );
}
