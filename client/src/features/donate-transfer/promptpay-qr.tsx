import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../platform/money';
import { usePublicQuery } from '../../platform/public-query';
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
  const { data, error } = usePublicQuery(PromptPayQrQuery, { moneyAccountId, amount: settled });
  const qr = data?.promptPayQr;
  if (error) return null;
  const alt = qr?.amount
    ? t('donateTransfer.qrAlt', { amount: formatMoney(qr.amount), name: accountName })
    : t('donateTransfer.qrAltNoAmount', { name: accountName });
  return (
    <div className="pf-qr" data-testid="promptpay-qr">
      <p className="pf-strong">{t('donateTransfer.qrTitle')}</p>
      <div className="pf-qr-frame">
        {qr && (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
            alt={alt}
            width="208"
            height="208"
          />
        )}
      </div>
      <p className="pf-muted pf-small" aria-live="polite">
        {qr?.amount
          ? t('donateTransfer.qrHelp', { amount: formatMoney(qr.amount) })
          : t('donateTransfer.qrNoAmount')}
      </p>
    </div>
  );
}
