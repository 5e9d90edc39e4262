import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/money';
import type { DonationReceipt } from './submit-donation';

export interface DonationDone extends DonationReceipt {
  amount: string;
  unitName: string;
}

/** The answer: the tracking number, big enough to copy down, and where it was e-mailed. */
export function DonateTransferDone({ done, onAgain }: { done: DonationDone; onAgain: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the answer, so a screen reader reads it at once.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} ref={heading} tabIndex={-1}>
        {t('donateTransfer.doneTitle')}
      </Heading>
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('donateTransfer.trackingNumber')}</Alert.Title>
          <Alert.Description>
            <Text as="span" fontSize="2xl" fontWeight="700" fontFamily="mono" data-testid="tracking-number">
              {done.trackingNumber}
            </Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box>
        <Text>
          {t('donateTransfer.doneAmount', { amount: formatMoney(done.amount), unit: done.unitName })}
        </Text>
        <Text>{t('donateTransfer.doneText')}</Text>
        {done.emailedTo && <Text>{t('donateTransfer.doneEmailed', { email: done.emailedTo })}</Text>}
      </Box>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button colorPalette="brand" onClick={onAgain}>
          {t('donateTransfer.again')}
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{t('common.backHome')}</Link>
        </Button>
      </Stack>
    </Stack>
  );
}
