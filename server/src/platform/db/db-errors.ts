import {
  CheckConstraintViolationException,
  ConnectionException,
  DeadlockException,
  DriverException,
  ForeignKeyConstraintViolationException,
  LockWaitTimeoutException,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { AppError, badInput, conflict, databaseUnavailable, statementTimedOut } from '../errors';
import { APPEND_ONLY_SQLSTATE } from './append-only';

/** SQLSTATE of a statement the role has no privilege for (insufficient_privilege). */
export const INSUFFICIENT_PRIVILEGE_SQLSTATE = '42501';

// The last line of defence: the database refused a request's data. Input limits (GraphQL
// directives, REST JSON schemas) and the services' rules refuse bad input first; what still reaches
// PostgreSQL and is refused there is answered as the caller's error instead of INTERNAL:
//
// - a unique or foreign key violation is CONFLICT (409): two people saved the same code at the same
//   moment (both passed the "is it free?" check), or a row went away meanwhile;
// - a deadlock or serialization failure (40P01, 40001) or a lock wait that timed out (55P03) is
//   CONFLICT (409) too: two commands took the same rows in opposite order; PostgreSQL rolled one back
//   whole, so nothing of it was written, and trying again succeeds;
// - a data exception (SQLSTATE class 22: text too long, bad number, NUL byte) or a check or not-null
//   violation is BAD_INPUT (400) with `details.database` naming the SQLSTATE. That means a limit is
//   missing above the database: it is logged as a warning, and the bad-input test fails on it;
// - a change the server's role has no privilege for (42501: ledger movements, history, audit,
//   consent and receipts are kept as written, docs/database-roles.md) or that an append-only trigger
//   refuses (NJ001) is FORBIDDEN (403) with `details.database`, never an internal error with the
//   database's text. No request should try one: it is logged as an error.
//
// A statement cancelled by the connection's statement_timeout (57014) is STATEMENT_TIMEOUT (503).
//
// Not the caller's, but answered here too so that it is one place for every route: the database
// cannot be reached (stopped, restarting, the connection lost) is DATABASE_UNAVAILABLE (503), with
// nothing of the driver's text (it names the host and port). The pool opens new connections once
// PostgreSQL is back, so the next request succeeds without a restart (docs/drain-and-outages.md).

/** Socket errors of a connection to PostgreSQL that could not be opened or was lost. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: admin_shutdown (57P01, a stop
 * ends every session), crash_shutdown (57P02), cannot_connect_now (57P03, starting up or shutting
 * down) and the connection_exception class (08xxx).
 */
const unavailableState = (state: string) =>
  ['57P01', '57P02', '57P03'].includes(state) || /^08[0-9A-Z]{3}$/.test(state);

/**
 * node-postgres's own errors for a connection that ended or never came, which carry no code (a
 * query on a connection the server closed, the pool's connect timeout).
 */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/** Whether `err` (or what it wraps) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4 || err instanceof AppError) return false;
  if (err instanceof ConnectionException) return true;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (CONNECTION_ERRNOS.has(code) || unavailableState(code))) return true;
  if (
    err instanceof Error &&
    typeof message === 'string' &&
    LOST_CONNECTION_MESSAGES.some((m) => m.test(message))
  )
    return true;
  // A connect to a name of several addresses fails with an AggregateError of each attempt's.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The SQLSTATE of a database error: MikroORM's DriverException (what the ORM's own queries throw)
 * or node-postgres's error, which raw statements (`getConnection().execute`, the ledger's and the
 * reports' SQL) throw unconverted. Null for anything else.
 */
function sqlState(err: unknown): string | null {
  if (err instanceof DriverException) return err.code ?? err.sqlState ?? '';
  const raw = err as { code?: unknown; severity?: unknown } | null;
  if (raw && typeof raw === 'object' && typeof raw.code === 'string' && typeof raw.severity === 'string')
    return /^[0-9A-Z]{5}$/.test(raw.code) ? raw.code : null;
  return null;
}

/**
 * The caller's error for a database refusal caused by the request's data, or DATABASE_UNAVAILABLE
 * (503) when the database cannot be reached; null for anything else.
 */
export function databaseRefusal(err: unknown): AppError | null {
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  const state = sqlState(err);
  if (state === null) return null;
  if (err instanceof UniqueConstraintViolationException || state === '23505')
    return conflict(
      'ข้อมูลนี้มีอยู่แล้ว (อาจมีผู้บันทึกข้อมูลเดียวกันในเวลาเดียวกัน) กรุณาตรวจสอบแล้วลองใหม่',
      'This record already exists (perhaps someone saved the same at the same moment); check and try again',
    );
  if (err instanceof ForeignKeyConstraintViolationException || state === '23503')
    return conflict(
      'ข้อมูลนี้ถูกอ้างอิงอยู่ หรืออ้างถึงข้อมูลที่ไม่มีแล้ว กรุณาตรวจสอบแล้วลองใหม่',
      'This record is referred to, or refers to one that no longer exists; check and try again',
    );
  if (
    err instanceof DeadlockException ||
    err instanceof LockWaitTimeoutException ||
    ['40P01', '40001', '55P03'].includes(state)
  )
    return conflict(
      'มีผู้แก้ไขข้อมูลชุดเดียวกันในเวลาเดียวกัน ระบบจึงยังไม่ได้บันทึกรายการนี้ กรุณาลองใหม่อีกครั้ง',
      'Someone was changing the same records at the same moment, so nothing of this was saved; please try again',
    );
  // statement_timeout (DB_STATEMENT_TIMEOUT_MS) cancelled it: the transaction is rolled back whole.
  if (state === '57014') return statementTimedOut();
  if (state === INSUFFICIENT_PRIVILEGE_SQLSTATE || state === APPEND_ONLY_SQLSTATE)
    return new AppError(
      'FORBIDDEN',
      403,
      'ระบบไม่อนุญาตให้เปลี่ยนแปลงข้อมูลนี้ (ประวัติ รายการบัญชีคุม และหลักฐานที่บันทึกแล้วแก้ไขหรือลบไม่ได้) กรุณาแจ้งผู้ดูแลระบบพร้อมรหัสคำขอ',
      'The database does not allow this change (history, ledger movements and evidence already recorded cannot be changed or removed); please tell the administrator, giving the request id',
      { database: state },
    );
  const dataError =
    state.startsWith('22') ||
    ['23514', '23502'].includes(state) ||
    err instanceof CheckConstraintViolationException ||
    err instanceof NotNullConstraintViolationException;
  if (!dataError) return null;
  return badInput(
    'ข้อมูลบางรายการมีรูปแบบหรือขนาดเกินกว่าที่ระบบรับได้',
    'Some of the data has a form or size the system cannot accept',
    { database: state },
  );
}
