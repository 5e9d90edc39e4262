import type { TFunction } from 'i18next';

// A consent's channel is the form it was given on, stored as a code (server: DONOR_SIGNUP_CHANNEL,
// DONATE_TRANSFER_CHANNEL, RECEIPT_REQUEST_CHANNEL). People see the form's name, never the code.
const KNOWN = [
  'signup',
  'donate-money-by-bank-transfer',
  'reqs-receipt-donation-money',
  'reqs-receipt-donation-resource',
] as const;
type KnownChannel = (typeof KNOWN)[number];

/** The name of the form a consent was given on, in the current language; an unknown code is "another form". */
export function consentChannelLabel(t: TFunction, channel: string): string {
  const known = (KNOWN as readonly string[]).includes(channel);
  return known ? t(`common.consentChannels.${channel as KnownChannel}`) : t('common.consentChannels.unknown');
}
