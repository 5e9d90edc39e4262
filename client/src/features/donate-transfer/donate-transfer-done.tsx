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
    <div className="pf-stack pf-done">
      <h1 className="pf-title" ref={heading} tabIndex={-1}>
        {t('donateTransfer.doneTitle')}
      </h1>
      <div className="pf-success" role="status">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m8 12 3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <div>
          <p className="pf-strong">{t('donateTransfer.trackingNumber')}</p>
          <p className="pf-tracking" data-testid="tracking-number">
            {done.trackingNumber}
          </p>
        </div>
      </div>
      <div>
        <p>{t('donateTransfer.doneAmount', { amount: formatMoney(done.amount), unit: done.unitName })}</p>
        <p>{t('donateTransfer.doneText')}</p>
        {done.emailedTo && <p>{t('donateTransfer.doneEmailed', { email: done.emailedTo })}</p>}
      </div>
      <div className="pf-buttons">
        <button type="button" className="ps-button ps-solid" onClick={onAgain}>
          {t('donateTransfer.again')}
        </button>
        <Link to="/" className="ps-button ps-outline">
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
