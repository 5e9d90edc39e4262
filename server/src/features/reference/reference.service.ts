import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { type AppError, badInput, conflict, forbidden, notFound } from '../../platform/errors';
import type { ReferenceField, ReferenceRow, ReferenceType } from './reference-kit';

export interface ReferenceSearch {
  search?: string | null;
  statusCode?: string | null;
  currentPage: number;
  rows: number;
  sort?: string | null;
  direction?: string | null;
}

export interface SaveReferenceInput {
  id?: number | null;
  code: string;
  values?: Record<string, unknown> | null;
}

export interface FieldError {
  field: string;
  messageTh: string;
  messageEn: string;
}

export const ReferenceStatus = { Active: 'A', Inactive: 'I' } as const;

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const codePattern = /^[A-Z0-9._-]+$/;

/** Checks a value against its field's rules; returns the normalised value or the error. */
export function checkValue(f: ReferenceField, raw: unknown): { value: unknown } | { error: FieldError } {
  const fail = (messageTh: string, messageEn: string) => ({ error: { field: f.name, messageTh, messageEn } });
  const { th, en } = f.label;
  let value = raw === undefined ? null : raw;
  if (typeof value === 'string' && f.kind !== 'boolean') {
    value = value.trim();
    if (value === '') value = null;
  }
  if (value === null) {
    if (f.kind === 'boolean') return { value: false };
    return f.required ? fail(`กรุณาระบุ${th}`, `${en} is required`) : { value: null };
  }
  switch (f.kind) {
    case 'code':
    case 'text': {
      if (typeof value !== 'string') return fail(`${th}ต้องเป็นข้อความ`, `${en} must be text`);
      const text = f.kind === 'code' ? value.toUpperCase() : value;
      if (f.maxLength !== null && [...text].length > f.maxLength) {
        return fail(
          `${th}ยาวได้ไม่เกิน ${f.maxLength} ตัวอักษร`,
          `${en} may be at most ${f.maxLength} characters`,
        );
      }
      if (f.kind === 'code' && !codePattern.test(text)) {
        return fail(
          `${th}ใช้ได้เฉพาะตัวอักษร A-Z ตัวเลข และ . _ -`,
          `${en} may contain only A-Z, digits and . _ -`,
        );
      }
      return { value: text };
    }
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
        return fail(`${th}ต้องเป็นจำนวนเต็ม`, `${en} must be a whole number`);
      }
      if (f.min !== null && n < f.min)
        return fail(`${th}ต้องไม่น้อยกว่า ${f.min}`, `${en} must be at least ${f.min}`);
      if (f.max !== null && n > f.max)
        return fail(`${th}ต้องไม่เกิน ${f.max}`, `${en} must be at most ${f.max}`);
      return { value: n };
    }
    case 'boolean':
      if (typeof value !== 'boolean') return fail(`${th}ต้องเป็นใช่หรือไม่ใช่`, `${en} must be true or false`);
      return { value };
  }
}

function validationError(errors: FieldError[]): AppError {
  return badInput(errors.map((e) => e.messageTh).join(' '), errors.map((e) => e.messageEn).join('; '), {
    fields: errors,
  });
}

/** An item as GraphQL shows it: the standard columns and every declared field in `values`. */
export interface ReferenceItemView {
  id: number;
  code: string;
  statusCode: string;
  nameTh: string;
  nameEn: string | null;
  values: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export function toView(type: ReferenceType, row: ReferenceRow): ReferenceItemView {
  return {
    id: row.id,
    code: row.code,
    statusCode: row.statusCode,
    nameTh: row.nameTh,
    nameEn: row.nameEn ?? null,
    values: Object.fromEntries(type.valueFields.map((f) => [f.name, row[f.name] ?? null])),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The operations of every reference type. Each requires the type's own menu code (the GraphQL
 * fields only declare the union of the kit's codes).
 */
export class ReferenceService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthState,
    private readonly type: ReferenceType,
  ) {}

  private require(kind: 'view' | 'save'): Principal {
    const principal = requirePrincipal(this.auth);
    if (!this.type.menus[kind].some((code) => principal.menuCodes.has(code))) throw forbidden();
    return principal;
  }

  private notFound(id: number): AppError {
    return notFound(
      `ไม่พบ${this.type.label.th} รหัสอ้างอิง ${id}`,
      `No ${this.type.label.en.toLowerCase()} ${id}`,
    );
  }

  sortableFields(): string[] {
    return ['id', 'statusCode', ...this.type.fields.filter((f) => f.sort).map((f) => f.name)];
  }

  async list(q: ReferenceSearch): Promise<{ items: ReferenceRow[]; total: number }> {
    this.require('view');
    if (!Number.isInteger(q.currentPage) || q.currentPage < 1) {
      throw badInput('หน้าต้องเป็นจำนวนเต็มตั้งแต่ 1', 'currentPage must be a whole number from 1');
    }
    if (!Number.isInteger(q.rows) || q.rows < 1 || q.rows > 200) {
      throw badInput('จำนวนแถวต่อหน้าต้องอยู่ระหว่าง 1 ถึง 200', 'rows must be between 1 and 200');
    }
    const sortable = this.sortableFields();
    const sort = q.sort || 'code';
    if (!sortable.includes(sort)) {
      throw badInput(
        `เรียงตาม ${sort} ไม่ได้ (ได้: ${sortable.join(', ')})`,
        `Cannot sort by ${sort} (sortable: ${sortable.join(', ')})`,
      );
    }
    const direction = (q.direction ?? 'asc').toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') {
      throw badInput('ทิศทางการเรียงต้องเป็น asc หรือ desc', 'direction must be asc or desc');
    }
    const where: Record<string, unknown> = {};
    if (q.statusCode) where.statusCode = this.checkStatus(q.statusCode);
    const text = q.search?.trim();
    if (text) {
      if ([...text].length > 100)
        throw badInput('คำค้นยาวได้ไม่เกิน 100 ตัวอักษร', 'Search text: at most 100 characters');
      const pattern = `%${likeLiteral(text)}%`;
      where.$or = this.type.fields.filter((f) => f.search).map((f) => ({ [f.name]: { $ilike: pattern } }));
    }
    const orderBy = { [sort]: direction, ...(sort === 'id' ? {} : { id: 'asc' }) };
    const [items, total] = await this.em.findAndCount(this.type.entity, where, {
      orderBy,
      limit: q.rows,
      offset: (q.currentPage - 1) * q.rows,
    });
    return { items, total };
  }

  async get(id: number): Promise<ReferenceRow> {
    this.require('view');
    const row = await this.em.findOne(this.type.entity, { id });
    if (!row) throw this.notFound(id);
    return row;
  }

  /** Creates (no id) or updates (id) an item; values left out of an update keep their value. */
  async save(input: SaveReferenceInput): Promise<ReferenceRow> {
    const principal = this.require('save');
    const values = input.values ?? {};
    const known = new Set(this.type.valueFields.map((f) => f.name));
    const unknown = Object.keys(values).filter((k) => !known.has(k));
    if (unknown.length) {
      throw badInput(
        `ไม่รู้จักข้อมูล ${unknown.join(', ')} ของ${this.type.label.th}`,
        `Unknown fields for ${this.type.label.en.toLowerCase()}: ${unknown.join(', ')}`,
      );
    }
    return this.em.transactional(async (tx) => {
      const existing = input.id != null ? await tx.findOne(this.type.entity, { id: input.id }) : null;
      if (input.id != null && !existing) throw this.notFound(input.id);

      const errors: FieldError[] = [];
      const next: Record<string, unknown> = {};
      const code = checkValue(this.type.codeField, input.code);
      if ('error' in code) errors.push(code.error);
      else next.code = code.value;
      for (const f of this.type.valueFields) {
        const raw = f.name in values ? values[f.name] : existing ? existing[f.name] : undefined;
        const checked = checkValue(f, raw);
        if ('error' in checked) errors.push(checked.error);
        else next[f.name] = checked.value;
      }
      if (errors.length) throw validationError(errors);

      const clash = await tx.findOne(this.type.entity, {
        code: next.code as string,
        ...(existing ? { id: { $ne: existing.id } } : {}),
      });
      if (clash) throw this.codeTaken(next.code as string);

      let row: ReferenceRow;
      if (existing) {
        row = existing;
        Object.assign(row, next, { updatedById: principal.userId });
      } else {
        row = tx.create(this.type.entity, {
          ...next,
          statusCode: ReferenceStatus.Active,
          createdById: principal.userId,
          updatedById: principal.userId,
        } as ReferenceRow);
      }
      try {
        await tx.flush();
      } catch (err) {
        if (err instanceof UniqueConstraintViolationException) throw this.codeTaken(next.code as string);
        throw err;
      }
      return row;
    });
  }

  private codeTaken(code: string): AppError {
    return conflict(
      `รหัส${this.type.label.th} ${code} มีอยู่แล้ว กรุณาใช้รหัสอื่น`,
      `The ${this.type.label.en.toLowerCase()} code ${code} is already in use`,
    );
  }

  private checkStatus(statusCode: string): string {
    if (statusCode !== ReferenceStatus.Active && statusCode !== ReferenceStatus.Inactive) {
      throw badInput(
        'สถานะต้องเป็น A (ใช้งาน) หรือ I (ไม่ใช้งาน)',
        'statusCode must be A (active) or I (inactive)',
      );
    }
    return statusCode;
  }

  /** Deactivating (I) keeps the row and its history; it only leaves pick lists. */
  async setStatus(id: number, statusCode: string): Promise<ReferenceRow> {
    const principal = this.require('save');
    const status = this.checkStatus(statusCode);
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(this.type.entity, { id });
      if (!row) throw this.notFound(id);
      row.statusCode = status;
      row.updatedById = principal.userId;
      await tx.flush();
      return row;
    });
  }

  /**
   * Tables whose foreign keys point at this type's table, read from the catalogue at each call so a
   * new referencing table needs no change here.
   */
  async referencingColumns(): Promise<{ table: string; column: string }[]> {
    return this.em.getConnection().execute<{ table: string; column: string }[]>(
      `select c.conrelid::regclass::text as "table", quote_ident(a.attname) as "column"
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.confrelid = to_regclass(?) and cardinality(c.conkey) = 1
       order by 1, 2`,
      [this.type.table],
    );
  }

  /** Deletes an item no row refers to; one in use is refused (deactivate it instead). */
  async delete(id: number): Promise<boolean> {
    this.require('save');
    const uses = await this.referencingColumns();
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(this.type.entity, { id });
      if (!row) throw this.notFound(id);
      const inUse: string[] = [];
      for (const use of uses) {
        const [{ count }] = await tx
          .getConnection()
          .execute<{ count: number }[]>(
            `select count(*)::int as count from ${use.table} where ${use.column} = ?`,
            [id],
            'all',
            tx.getTransactionContext(),
          );
        if (count > 0) inUse.push(`${use.table} (${count})`);
      }
      if (inUse.length) {
        throw conflict(
          `ลบ${this.type.label.th} ${row.code} ไม่ได้ เพราะยังมีข้อมูลอ้างอิงอยู่ใน ${inUse.join(', ')} กรุณาเปลี่ยนสถานะเป็นไม่ใช้งานแทน`,
          `The ${this.type.label.en.toLowerCase()} ${row.code} cannot be deleted: it is still referenced by ${inUse.join(', ')}. Deactivate it instead.`,
        );
      }
      tx.remove(row);
      await tx.flush();
      return true;
    });
  }
}
