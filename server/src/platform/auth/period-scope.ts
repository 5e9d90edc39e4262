import type { EntityManager } from '@mikro-orm/postgresql';
import { parseIsoDay } from '../dates';
import { prefixPattern } from '../db/like';
import { badInput, notFound, outOfScope } from '../errors';
import { inScope, scopePathSql } from './data-scope';
import type { Principal } from './principal';

// The one period-and-scope filter of the lists, exports and reports that select documents by a day
// and an owner unit (the e-Donation rows, the donation history, the report kit): the period's days
// checked (a day that does not exist, or a first day after the last, is a 400 in Thai and English),
// the caller's data scope (scopePathSql, data-scope.ts) and the optional unit subtree (404 for an
// unknown unit, 403 outside the caller's scope), as one SQL condition.

/** A checked period: ISO days (yyyy-mm-dd, both inclusive), either end open when null. */
export interface Period {
  from: string | null;
  to: string | null;
}

/** The names of the period's ends in a refusal's details (`from`/`to`, or a form's `fromDate`/`toDate`). */
export interface PeriodFields {
  from: string;
  to: string;
}

const DEFAULT_FIELDS: PeriodFields = { from: 'from', to: 'to' };

function dayOf(end: 'from' | 'to', text: string, fields: PeriodFields): string {
  const day = parseIsoDay(text);
  if (!day)
    throw badInput(
      `${end === 'from' ? 'วันที่เริ่มต้น' : 'วันที่สิ้นสุด'}ของช่วงเวลาต้องเป็นวันที่ที่มีอยู่จริงในรูปแบบ ปปปป-ดด-วว (ค.ศ.)`,
      `${end === 'from' ? 'The first day' : 'The last day'} of the period must be a real date written yyyy-mm-dd`,
      { field: fields[end] },
    );
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/**
 * The period asked for, checked: blank ends are open; each day must exist (yyyy-mm-dd); `within`
 * (a fiscal year's days, say) narrows the period to its own days first; a first day after the last
 * is refused. Every refusal is a 400 naming the field (`fields`) in Thai and English.
 */
export function checkedPeriod(
  input: { from?: string | null; to?: string | null },
  options: { fields?: PeriodFields; within?: Period } = {},
): Period {
  const fields = options.fields ?? DEFAULT_FIELDS;
  let from = input.from?.trim() ? dayOf('from', input.from, fields) : null;
  let to = input.to?.trim() ? dayOf('to', input.to, fields) : null;
  const within = options.within;
  if (within?.from && !(from && from > within.from)) from = within.from;
  if (within?.to && !(to && to < within.to)) to = within.to;
  if (from && to && from > to)
    throw badInput(
      'วันที่เริ่มต้นของช่วงเวลาต้องไม่อยู่หลังวันที่สิ้นสุด',
      'The first day of the period must not be after its last day',
      { field: fields.from },
    );
  return { from, to };
}

/** The period on a day expression (a date column, or a timestamp read as a Bangkok day): `true` when open. */
export function periodSql(dayExpr: string, period: Period): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (period.from) {
    parts.push(`${dayExpr} >= ?::date`);
    params.push(period.from);
  }
  if (period.to) {
    parts.push(`${dayExpr} <= ?::date`);
    params.push(period.to);
  }
  return { sql: parts.length ? `(${parts.join(' and ')})` : 'true', params };
}

/** The subtree of a unit (its path, from `unitSubtreePath`) on a unit's path column: `true` when none. */
export function subtreeSql(pathColumn: string, unitPath: string | null): { sql: string; params: unknown[] } {
  return unitPath
    ? { sql: `${pathColumn} like ?`, params: [prefixPattern(unitPath)] }
    : { sql: 'true', params: [] };
}

/**
 * The path of the unit a filter names, when it names one: 404 when there is no such unit, 403 when
 * it is outside the caller's data scope (`onRefusal` runs first, to audit the attempt).
 */
export async function unitSubtreePath(
  em: EntityManager,
  principal: Principal,
  unitCode: string | null | undefined,
  onRefusal?: () => Promise<void>,
): Promise<string | null> {
  const code = unitCode?.trim();
  if (!code) return null;
  const [unit] = (await em.execute('select path from organisation_unit where code = ?', [code])) as {
    path: string;
  }[];
  const shown = code.slice(0, 40);
  if (!unit) throw notFound(`ไม่พบหน่วยงาน ${shown}`, `No organisation unit ${shown}`);
  if (!inScope(principal, unit.path)) {
    await onRefusal?.();
    throw outOfScope();
  }
  return unit.path;
}

/**
 * The caller's data scope on the owner unit's path, the unit subtree and the period on the row's
 * day, as one condition with its parameters in the order of its text.
 */
export function scopedPeriodSql(
  principal: Principal,
  columns: { path: string; day: string },
  period: Period,
  unitPath: string | null = null,
): { sql: string; params: unknown[] } {
  const parts = [
    scopePathSql(principal, columns.path),
    subtreeSql(columns.path, unitPath),
    periodSql(columns.day, period),
  ];
  return { sql: parts.map((p) => p.sql).join(' and '), params: parts.flatMap((p) => p.params) };
}
