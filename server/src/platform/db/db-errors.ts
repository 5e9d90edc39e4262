import {
  CheckConstraintViolationException,
  DriverException,
  ForeignKeyConstraintViolationException,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { type AppError, badInput, conflict } from '../errors';

// The last line of defence: the database refused a request's data. Input limits (GraphQL
// directives, REST JSON schemas) and the services' rules refuse bad input first; what still reaches
// PostgreSQL and is refused there is answered as the caller's error instead of INTERNAL:
//
// - a unique or foreign key violation is CONFLICT (409): two people saved the same code at the same
//   moment (both passed the "is it free?" check), or a row went away meanwhile;
// - a data exception (SQLSTATE class 22: text too long, bad number, NUL byte) or a check or not-null
//   violation is BAD_INPUT (400) with `details.database` naming the SQLSTATE. That means a limit is
//   missing above the database: it is logged as a warning, and the bad-input test fails on it.

/** The caller's error for a database refusal caused by the request's data; null for anything else. */
export function databaseRefusal(err: unknown): AppError | null {
  if (!(err instanceof DriverException)) return null;
  if (err instanceof UniqueConstraintViolationException)
    return conflict(
      'ข้อมูลนี้มีอยู่แล้ว (อาจมีผู้บันทึกข้อมูลเดียวกันในเวลาเดียวกัน) กรุณาตรวจสอบแล้วลองใหม่',
      'This record already exists (perhaps someone saved the same at the same moment); check and try again',
    );
  if (err instanceof ForeignKeyConstraintViolationException)
    return conflict(
      'ข้อมูลนี้ถูกอ้างอิงอยู่ หรืออ้างถึงข้อมูลที่ไม่มีแล้ว กรุณาตรวจสอบแล้วลองใหม่',
      'This record is referred to, or refers to one that no longer exists; check and try again',
    );
  const state = err.code ?? err.sqlState ?? '';
  const dataError =
    state.startsWith('22') ||
    err instanceof CheckConstraintViolationException ||
    err instanceof NotNullConstraintViolationException;
  if (!dataError) return null;
  return badInput(
    'ข้อมูลบางรายการมีรูปแบบหรือขนาดเกินกว่าที่ระบบรับได้',
    'Some of the data has a form or size the system cannot accept',
    { database: state },
  );
}
