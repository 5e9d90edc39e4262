import { ServerError } from '@apollo/client';

/**
 * Sends a public form that carries a file (multipart/form-data) to its REST route, with the bot-check
 * headers. No session: a visitor sends it. A refusal is thrown as Apollo's ServerError carrying the
 * server's JSON body, so `apiErrorMessage` and `apiFieldErrors` (api-errors.ts) read its message and
 * its field errors like any other failure.
 */
export async function postPublicForm<T>(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  fetcher: typeof fetch = fetch,
): Promise<T> {
  const response = await fetcher(url, { method: 'POST', body, headers, credentials: 'same-origin' });
  if (!response.ok)
    throw new ServerError(`HTTP ${response.status}`, { response, bodyText: await response.text() });
  return (await response.json()) as T;
}
