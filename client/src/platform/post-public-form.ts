import { PublicFormError } from './rest-errors';

/**
 * Sends a public form that carries a file (multipart/form-data) to its REST route, with the bot-check
 * headers. No session: a visitor sends it. A refusal is thrown as a PublicFormError carrying the
 * server's JSON body (rest-errors.ts, without Apollo Client), which `apiErrorMessage` and
 * `apiFieldErrors` (api-errors.ts) read like any other failure.
 */
export async function postPublicForm<T>(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  fetcher: typeof fetch = fetch,
): Promise<T> {
  const response = await fetcher(url, { method: 'POST', body, headers, credentials: 'same-origin' });
  if (!response.ok) throw new PublicFormError(response.status, await response.text());
  return (await response.json()) as T;
}
