import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { apiErrorCode, apiErrorMessage, apiFieldErrors, failureMessageKey, isNotFound } from './api-errors';

const graphqlError = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'failed', extensions }] });

const httpError = (status: number, body: string) =>
  new ServerError('Response not successful', { response: new Response(body, { status }), bodyText: body });

describe('the shared error mapping', () => {
  it('maps the server’s NOT_FOUND to "not found", not to "try again"', () => {
    const error = graphqlError({
      code: 'NOT_FOUND',
      status: 404,
      messageTh: 'ไม่พบกลุ่มผู้ใช้งาน',
      messageEn: 'No user group UG-NONE',
    });
    expect(isNotFound(error)).toBe(true);
    expect(failureMessageKey(error, 'load')).toBe('common.notFound');
    expect(failureMessageKey(error, 'action')).toBe('common.notFound');
    expect(apiErrorMessage(error, 'th')).toBe('ไม่พบกลุ่มผู้ใช้งาน');
    expect(apiErrorMessage(error, 'en')).toBe('No user group UG-NONE');
  });

  it('reads an HTTP 404, with or without the server’s JSON body', () => {
    const body = JSON.stringify({
      code: 'NOT_FOUND',
      messageTh: 'ไม่พบบริการที่เรียก',
      messageEn: 'No such endpoint',
    });
    expect(apiErrorCode(httpError(404, body))).toBe('NOT_FOUND');
    expect(apiErrorMessage(httpError(404, body), 'th')).toBe('ไม่พบบริการที่เรียก');
    expect(isNotFound(httpError(404, 'Not Found'))).toBe(true);
    expect(apiErrorMessage(httpError(404, 'Not Found'), 'th')).toBeNull();
  });

  it('keeps "could not load" and "try again" for everything else', () => {
    const internal = graphqlError({
      code: 'INTERNAL',
      messageTh: 'ระบบขัดข้อง',
      messageEn: 'Something went wrong',
    });
    expect(failureMessageKey(internal, 'load')).toBe('common.loadError');
    expect(failureMessageKey(internal, 'action')).toBe('common.actionError');
    expect(failureMessageKey(httpError(502, 'Bad Gateway'), 'load')).toBe('common.loadError');
    expect(failureMessageKey(new Error('network down'), 'action')).toBe('common.actionError');
    expect(apiErrorCode(null)).toBeNull();
  });

  it('reads the field errors of a GraphQL refusal and of a REST refusal’s body alike', () => {
    const fields = [
      { field: 'amount', messageTh: 'จำนวนเงินต้องมากกว่า 0', messageEn: 'Amount must be above 0' },
    ];
    const rest = httpError(400, JSON.stringify({ code: 'BAD_INPUT', details: { fields } }));
    expect(apiFieldErrors(rest, 'th')).toEqual([{ field: 'amount', message: 'จำนวนเงินต้องมากกว่า 0' }]);
    expect(apiFieldErrors(graphqlError({ details: { fields } }), 'en')).toEqual([
      { field: 'amount', message: 'Amount must be above 0' },
    ]);
    expect(apiFieldErrors(httpError(502, 'Bad Gateway'), 'th')).toEqual([]);
  });
});
