import { useMemo, useRef } from 'react';

/**
 * The idempotency key of one command a person gives (a create, an action): made on the first try
 * and sent again with every retry of the same request, so a retry after a lost answer never creates
 * or posts twice. The key belongs to the request: when the person changes what they send (after a
 * refusal, say), the next try gets a new key, because the server refuses a key reused with another
 * request (422 IDEMPOTENCY_KEY_REUSED). `reset` after success (or when the person gives up), so the
 * next command gets a new one.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const sent = useRef<string | null>(null);
  return useMemo(
    () => ({
      /** The key for this request: the last one while the request is the same, else a new one. */
      current(request: unknown = null): string {
        const print = JSON.stringify(request ?? null);
        if (key.current === null || sent.current !== print) {
          key.current = crypto.randomUUID();
          sent.current = print;
        }
        return key.current;
      },
      reset(): void {
        key.current = null;
        sent.current = null;
      },
    }),
    [],
  );
}
