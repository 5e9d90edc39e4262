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

export const outOfScope = () =>
  new AppError(
    'FORBIDDEN',
    403,
    'ข้อมูลนี้เป็นของหน่วยงานนอกสังกัดของท่าน จึงดูหรือแก้ไขไม่ได้',
    'This record belongs to a unit outside your own, so you cannot see or change it',
    { reason: 'SCOPE' },
  );

export const conflict = (messageTh: string, messageEn: string) =>
  new AppError('CONFLICT', 409, messageTh, messageEn);

/**
 * 503 while the server drains before it stops (SIGTERM, SIGINT): the proxy sends the request to
 * another server process, or the caller tries again (docs/drain-and-outages.md).
 */
export const shuttingDown = () =>
  new AppError(
    'SHUTTING_DOWN',
    503,
    'เครื่องให้บริการนี้กำลังหยุดทำงาน กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    'This server is shutting down; please try again in a moment',
  );

/**
 * 503 while PostgreSQL cannot be reached (stopped, restarting, connection lost). Says nothing of
 * where the database is; the server answers again by itself once it is back.
 */
export const databaseUnavailable = () =>
  new AppError(
    'DATABASE_UNAVAILABLE',
    503,
    'ระบบฐานข้อมูลขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    'The database is unavailable for the moment; please try again shortly',
  );

/** A statement ran past the connection's statement_timeout (57014, DB_STATEMENT_TIMEOUT_MS). */
export const statementTimedOut = () =>
  new AppError(
    'STATEMENT_TIMEOUT',
    503,
    'คำขอนี้ใช้เวลานานเกินกำหนด ระบบจึงยกเลิกโดยไม่บันทึกข้อมูลใด กรุณาลองใหม่ หรือจำกัดช่วงข้อมูลให้แคบลง',
    'This request took longer than allowed and was cancelled with nothing saved; please try again, or narrow what it reads',
  );

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

/** An AppError as a GraphQL error's extensions (resolver errors and refusals before Apollo alike). */
export function appErrorExtensions(err: AppError): Record<string, unknown> {
  return {
    code: err.code,
    status: err.status,
    messageTh: err.messageTh,
    messageEn: err.messageEn,
    details: err.details,
  };
}

/**
 * A whole GraphQL answer refusing a request on /graphql before Apollo answers it (the drain, the
 * HTTP error handler), in the shape Apollo gives resolver errors.
 */
export function graphqlErrorBody(err: AppError, requestId?: string) {
  return {
    errors: [{ message: appErrorBody(err).message, extensions: { ...appErrorExtensions(err), requestId } }],
  };
}

/** 401s the client tells apart (spec sec. 8): the duplicate-login and transferred-user modals. */
export const sessionEnded = (
  code:
    | 'DUPLICATE_LOGIN'
    | 'TRANSFERD_USER'
    | 'SESSION_IDLE'
    | 'SESSION_EXPIRED'
    | 'SESSION_ENDED'
    | 'INVALID_TOKEN',
) => {
  const messages: Record<typeof code, [string, string]> = {
    DUPLICATE_LOGIN: [
      'รหัสข้อผิดพลาด 401 หรือตรวจพบการเข้าสู่ระบบด้วยผู้ใช้เดียวกันมากกว่าหนึ่งอุปกรณ์',
      'Error 401, or the same user has logged in on more than one device',
    ],
    TRANSFERD_USER: [
      'ผู้ใช้งานถูกโอนย้ายไปยังหน่วยงานอื่น กรุณาติดต่อผู้ดูแลระบบ',
      'Your account has been transferred to another organisation; please contact the administrator',
    ],
    SESSION_IDLE: [
      'ไม่มีการตอบสนองเกิน 30 นาที กรุณาเข้าสู่ระบบใหม่',
      'No activity for 30 minutes; please log in again',
    ],
    SESSION_EXPIRED: ['เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่', 'Your session has expired; please log in again'],
    SESSION_ENDED: ['ออกจากระบบแล้ว กรุณาเข้าสู่ระบบใหม่', 'You have been logged out; please log in again'],
    INVALID_TOKEN: ['รหัสข้อผิดพลาด 401 กรุณาเข้าสู่ระบบใหม่', 'Error 401: please log in again'],
  };
  const [th, en] = messages[code];
  return new AppError(code, 401, th, en);
};
