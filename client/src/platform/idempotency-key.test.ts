import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './idempotency-key';

describe('the idempotency key of a command', () => {
  it('is kept while the same request is tried again, and new for another request or after reset', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current.current({ lines: [{ quantity: '2' }] });
    rerender();
    // A retry after a lost answer: the same request, the same key (the server answers the first result).
    expect(result.current.current({ lines: [{ quantity: '2' }] })).toBe(first);
    // The person changed what they send: another request, another key (or the server answers 422).
    const second = result.current.current({ lines: [{ quantity: '8' }] });
    expect(second).not.toBe(first);
    expect(result.current.current({ lines: [{ quantity: '8' }] })).toBe(second);
    result.current.reset();
    expect(result.current.current({ lines: [{ quantity: '8' }] })).not.toBe(second);
  });
});
