import { useMemo, useRef } from 'react';

/**
 * The idempotency key of one command a person gives (a create, an action): made on the first try
 * and sent again with every retry of it, so a retry after a lost answer never creates or posts
 * twice; `reset` after success (or when the person gives up), so the next command gets a new one.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current(): string {
        key.current ??= crypto.randomUUID();
        return key.current;
      },
      reset(): void {
        key.current = null;
      },
    }),
    [],
  );
}
