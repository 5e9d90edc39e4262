/**
 * An error a user may see: a stable code, an HTTP status, and the message in Thai and English.
 * Everything else that escapes a request is an internal error, logged with its request id and shown
 * to the caller only as that id.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly messageTh: string,
    readonly messageEn: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(messageEn);
    this.name = 'AppError';
  }
}

export const badInput = (messageTh: string, messageEn: string, details?: Record<string, unknown>) =>
  new AppError('BAD_INPUT', 400, messageTh, messageEn, details);

export const notFound = (messageTh = 'ไม่พบข้อมูลที่ต้องการ', messageEn = 'Not found') =>
  new AppError('NOT_FOUND', 404, messageTh, messageEn);

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 401, 'กรุณาเข้าสู่ระบบ', 'Please log in');

export const forbidden = () =>
  new AppError('FORBIDDEN', 403, 'คุณไม่มีสิทธิ์ใช้งานเมนูนี้', 'You are not allowed to use this menu');

export const conflict = (messageTh: string, messageEn: string) =>
  new AppError('CONFLICT', 409, messageTh, messageEn);

export interface ErrorBody {
  code: string;
  message: string;
  messageTh: string;
  messageEn: string;
  requestId?: string;
  details?: Record<string, unknown>;
}

export function internalErrorBody(requestId: string | undefined): ErrorBody {
  return {
    code: 'INTERNAL',
    message: 'Internal error',
    messageTh: 'ระบบขัดข้อง กรุณาลองใหม่อีกครั้ง',
    messageEn: 'Something went wrong on our side. Please try again.',
    requestId,
  };
}

export function appErrorBody(err: AppError, requestId?: string): ErrorBody {
  return {
    code: err.code,
    message: `${err.messageTh} / ${err.messageEn}`,
    messageTh: err.messageTh,
    messageEn: err.messageEn,
    requestId,
    details: err.details,
  };
}
