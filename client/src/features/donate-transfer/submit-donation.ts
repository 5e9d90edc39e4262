import { ServerError } from '@apollo/client';

// The one write of the page: a multipart POST of the form's data and the slip to the public form
// (server/src/features/donate-transfer/donate-transfer.routes.ts). No session: the bot check's header
// goes with it. A refusal is thrown as Apollo's ServerError carrying the server's JSON body, so the
// shared error helpers (api-errors.ts) read its message and its field errors.

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
  const response = await fetcher(DONATE_TRANSFER_URL, {
    method: 'POST',
    body,
    headers,
    credentials: 'same-origin',
  });
  if (!response.ok)
    throw new ServerError(`HTTP ${response.status}`, { response, bodyText: await response.text() });
  return (await response.json()) as DonationReceipt;
}
