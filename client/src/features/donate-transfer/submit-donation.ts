import { postPublicForm } from '../../platform/post-public-form';

// The one write of the page: a multipart POST of the form's data and the slip to the public form
// (server/src/features/donate-transfer/donate-transfer.routes.ts). No session: the bot check's header
// goes with it (platform/post-public-form.ts, shared with the receipt-request forms).

export const DONATE_TRANSFER_URL = '/api/public/donate-money-by-bank-transfer';

export interface DonationReceipt {
  trackingNumber: string;
  emailedTo: string | null;
}

export async function submitDonation(
  payload: Record<string, unknown>,
  slip: File,
  headers: Record<string, string>,
  fetcher: typeof fetch = fetch,
): Promise<DonationReceipt> {
  const body = new FormData();
  body.append('donation', JSON.stringify(payload));
  body.append('slip', slip, slip.name);
  return postPublicForm<DonationReceipt>(DONATE_TRANSFER_URL, body, headers, fetcher);
}
