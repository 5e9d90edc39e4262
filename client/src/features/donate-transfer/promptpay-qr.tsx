import { useQuery } from '@apollo/client/react';
import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/money';
import { PromptPayQrQuery } from './donate-transfer.queries';

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/** Wait for typing to pause before asking for a new QR. */
const SETTLE_MS = 400;

export interface PromptPayQrProps {
  moneyAccountId: number;
  accountName: string;
  /** The amount as typed; the QR carries it once it is a valid amount above zero. */
  amount: string;
}

/**
 * The account's PromptPay QR for the amount (made on the server: an EMVCo payload with its CRC, drawn
 * as SVG). Shown as an image with a text alternative that says what scanning it does.
 */
export function PromptPayQr({ moneyAccountId, accountName, amount }: PromptPayQrProps) {
  const { t } = useTranslation();
  const typed = amount.trim();
  const valid = AMOUNT.test(typed) && Number(typed) > 0 ? typed : null;
  const [settled, setSettled] = useState(valid);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(valid), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [valid]);
  const { data, error } = useQuery(PromptPayQrQuery, { variables: { moneyAccountId, amount: settled } });
  const qr = data?.promptPayQr;
  if (error) return null;
  const alt = qr?.amount
    ? t('donateTransfer.qrAlt', { amount: formatMoney(qr.amount), name: accountName })
    : t('donateTransfer.qrAltNoAmount', { name: accountName });
  return (
    <Stack gap="2" align={{ base: 'center', sm: 'start' }} data-testid="promptpay-qr">
      <Text fontWeight="600">{t('donateTransfer.qrTitle')}</Text>
      <Box bg="white" p="2" rounded="md" borderWidth="1px" w="224px" h="224px">
        {qr && (
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
            alt={alt}
            width="208"
            height="208"
          />
        )}
      </Box>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {qr?.amount
          ? t('donateTransfer.qrHelp', { amount: formatMoney(qr.amount) })
          : t('donateTransfer.qrNoAmount')}
      </Text>
    </Stack>
  );
}
