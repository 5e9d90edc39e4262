import type { ErrorLike } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Badge, Box, Button, DataList, Heading, Stack, Steps, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptRequestStatusQuery as StatusResult } from '../../gql/graphql';
import { isNotFound } from '../../platform/api-errors';
import { useBotCheck } from '../../platform/bot-check';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import { FormErrorAlert } from '../../ui/form/form-error-alert';
import { TextField } from '../../ui/form/text-field';
import { PageContainer } from '../../ui/page-container';
import { usePageTitle } from '../../ui/page-title';
import { emailText, requiredText } from '../../ui/validation/schemas';
import { object } from '../../ui/validation/yup';
import { statusLabel } from '../documents';
import { ReceiptRequestStatusQuery, ReceiptRequestWorkflowQuery } from './receipt-requests.operations';

type Found = StatusResult['receiptRequestStatus'];

const schema = object({ trackingNumber: requiredText().max(30), email: emailText() });

/** The way a request goes when all is well; a rejection ends it at the second step. */
const STEPS = ['REQUESTED', 'IN_PROGRESS', 'ISSUED'] as const;

/**
 * /reqs-receipt-status: where a receipt request stands, by its tracking number and the e-mail it was
 * sent with. The answer names no person: the status, the receiving unit, the dates and, when it was
 * rejected, the reason. A wrong e-mail reads like an unknown number.
 */
export function ReceiptRequestStatusPage({ number }: { number?: string }) {
  const { t } = useTranslation();
  const title = t('receiptRequest.statusTitle');
  usePageTitle(title);
  const client = useApolloClient();
  const botCheck = useBotCheck();
  const [found, setFound] = useState<Found | null>(null);
  const [failure, setFailure] = useState<ErrorLike | null>(null);

  const look = async (values: { trackingNumber: string; email: string }) => {
    setFailure(null);
    setFound(null);
    try {
      const { data } = await client.query({
        query: ReceiptRequestStatusQuery,
        variables: { trackingNumber: values.trackingNumber.trim(), email: values.email.trim() },
        fetchPolicy: 'network-only',
        context: { headers: botCheck.headers() },
      });
      setFound(data?.receiptRequestStatus ?? null);
    } catch (error) {
      setFailure(error as ErrorLike);
    } finally {
      botCheck.reset();
    }
  };

  return (
    <PageContainer>
      <Stack gap="6" maxW="3xl">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {t('receiptRequest.statusIntro')}
          </Text>
        </Stack>
        <Formik
          initialValues={{ trackingNumber: number ?? '', email: '' }}
          validationSchema={schema}
          onSubmit={look}
        >
          {({ isSubmitting }) => (
            <Form noValidate aria-label={title}>
              <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '4', md: '6' }}>
                <TextField
                  name="trackingNumber"
                  label={t('receiptRequest.trackingNumber')}
                  placeholder="RR-2569-000001"
                  autoComplete="off"
                  maxLength={30}
                  required
                />
                <TextField
                  name="email"
                  label={t('receiptRequest.email')}
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  helperText={t('receiptRequest.statusEmailHelp')}
                  required
                />
                {botCheck.widget}
                <Box>
                  <Button
                    type="submit"
                    colorPalette="brand"
                    loading={isSubmitting}
                    disabled={!botCheck.ready}
                  >
                    {t('receiptRequest.check')}
                  </Button>
                </Box>
              </Stack>
            </Form>
          )}
        </Formik>
        {failure &&
          (isNotFound(failure) ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('receiptRequest.statusNotFound')}</Alert.Title>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <FormErrorAlert error={failure} />
          ))}
        {found && <StatusCard found={found} />}
      </Stack>
    </PageContainer>
  );
}

function StatusCard({ found }: { found: Found }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const workflow = useQuery(ReceiptRequestWorkflowQuery, { fetchPolicy: 'cache-first' }).data
    ?.receiptRequestWorkflow;
  const label = workflow ? statusLabel(workflow, found.status, language) : found.status;
  const rejected = found.status === 'REJECTED';
  const step = rejected ? 1 : STEPS.indexOf(found.status as (typeof STEPS)[number]);
  return (
    <Stack
      gap="5"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      role="region"
      aria-label={t('receiptRequest.result')}
    >
      <Heading as="h2" size="lg">
        {found.number}{' '}
        <Badge colorPalette={rejected ? 'red' : found.status === 'ISSUED' ? 'green' : 'blue'} size="lg">
          {label}
        </Badge>
      </Heading>
      <Steps.Root
        step={rejected ? step : step + 1}
        count={STEPS.length}
        size="sm"
        orientation={{ base: 'vertical', md: 'horizontal' }}
      >
        <Steps.List>
          {STEPS.map((code, index) => (
            <Steps.Item key={code} index={index}>
              <Steps.Indicator />
              <Steps.Title>{workflow ? statusLabel(workflow, code, language) : code}</Steps.Title>
              <Steps.Separator />
            </Steps.Item>
          ))}
        </Steps.List>
      </Steps.Root>
      <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }}>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.kind')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`receiptRequest.kinds.${found.kind}`)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.unit')}</DataList.ItemLabel>
          <DataList.ItemValue>{language === 'en' ? found.unitNameEn : found.unitNameTh}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.submittedOn')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatBE(String(found.submittedAt), 'long', language)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('receiptRequest.updatedOn')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatBE(String(found.updatedAt), 'long', language)}</DataList.ItemValue>
        </DataList.Item>
        {found.rejectReason && (
          <DataList.Item>
            <DataList.ItemLabel>{t('receiptRequest.rejectReason')}</DataList.ItemLabel>
            <DataList.ItemValue>{found.rejectReason}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
      <Text color="fg.muted">
        {t(
          `receiptRequest.statusMeaning.${found.status as 'REQUESTED' | 'IN_PROGRESS' | 'ISSUED' | 'REJECTED'}`,
        )}
      </Text>
    </Stack>
  );
}
