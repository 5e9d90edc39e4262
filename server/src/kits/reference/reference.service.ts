import type { EntityManager } from '@mikro-orm/postgresql';
import { ReferenceStatus } from '../../kits/reference/reference-check';
import { type ReferenceRow, type ReferenceType } from '../../kits/reference/reference-kit';
import { formFieldPick, pickCodesOf } from '../../kits/reference/reference-picks';
import { statusWhere } from '../../kits/reference/reference-rows';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { auditRefusal, requirePrincipal } from '../../platform/auth/access-guard';
import { inScope, scopePathCondition } from '../../platform/auth/data-scope';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { containsPattern } from '../../platform/db/like';
import type { AppError } from '../../platform/errors';
import { badInput, conflict, forbidden, outOfScope } from '../../platform/errors';
import {
  notFoundItem,
  refuseUnknownFields,
  type SaveContext,
  type SaveReferenceInput,
  saveReferenceRow,
} from './reference-save';
import { referenceTypes } from './reference-types';
import { displayPopulate, idOf } from './reference-view';

export interface ReferenceSearch {
  search?: string | null;
  statusCode?: string | null;
  currentPage: number;
  rows: number;
  sort?: string | null;
  direction?: string | null;
}

function setStatusOn(type: ReferenceType, row: ReferenceRow, code: string): void {
  if (type.statusProperty === 'active') row.active = code === 'A';
  else row.statusCode = code;
}

/** Tables outside the kit that refer to reference items, by their names for people. */
const otherTables: Record<string, string> = {
  app_user: 'ผู้ใช้งาน / users',
  stock_balance: 'ยอดคงเหลือสิ่งของ / stock balances',
  stock_movement: 'รายการเคลื่อนไหวสิ่งของ / stock movements',
  money_balance: 'ยอดเงินคงเหลือ / money balances',
  money_movement: 'รายการเคลื่อนไหวเงิน / money movements',
  donor_link: 'บัญชีผู้บริจาคที่เชื่อมไว้ / linked donor accounts',
};

function tableLabel(table: string): string {
  const type = referenceTypes.find((t) => t.table === table);
  return type ? `${type.label.th} / ${type.label.en.toLowerCase()}` : (otherTables[table] ?? table);
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string | null;
}

/**
 * The operations of every reference type. Each requires the type's own menu code (the GraphQL
 * fields only declare the union of the kit's codes) and, for scoped types, the caller's subtree.
 * Refusals here are audited like the access guard's.
 */
export class ReferenceService {
  constructor(
    private readonly em: EntityManager,
    private readonly auth: AuthState,
    private readonly type: ReferenceType,
    private readonly origin: RequestOrigin = { ip: null, requestId: null },
  ) {}

  private async refuse(
    principal: Principal,
    action: string,
    details: Record<string, unknown>,
  ): Promise<never> {
    await auditRefusal(this.em, principal, `reference ${this.type.type} ${action}`, details, this.origin);
    throw 'scope' in details ? outOfScope() : forbidden();
  }

  private async require(kind: 'view' | 'create' | 'edit'): Promise<Principal> {
    const principal = requirePrincipal(this.auth);
    const codes = this.type.menus[kind];
    if (!codes.some((code) => principal.menuCodes.has(code))) {
      await this.refuse(principal, kind, { required: codes });
    }
    return principal;
  }

  /** The unit path that decides a row's scope (its owner unit's, or its own for units). */
  private async scopePathOf(
    tx: EntityManager,
    row: ReferenceRow | Record<string, unknown>,
  ): Promise<string | null> {
    if (this.type.scope === 'SUBTREE') return (row.path as string | undefined) ?? null;
    const owner = row.ownerUnit;
    const id = idOf(owner);
    if (id === null) return null;
    const ownerType = this.type.fields.find((f) => f.name === 'ownerUnit')?.refType?.();
    if (!ownerType) return null;
    const unit = await tx.findOne(ownerType.entity, { id });
    return (unit?.path as string | undefined) ?? null;
  }

  private async requireScope(
    tx: EntityManager,
    principal: Principal,
    row: ReferenceRow | Record<string, unknown>,
  ) {
    if (this.type.scope === 'NONE') return;
    const path = await this.scopePathOf(tx, row);
    if (!inScope(principal, path)) await this.refuse(principal, 'scope', { scope: path, id: row.id ?? null });
  }

  private scopeWhere(principal: Principal): Record<string, unknown> {
    if (this.type.scope !== 'DIVISION') return {};
    const path = scopePathCondition(principal);
    return path ? { ownerUnit: { path } } : {};
  }

  private notFound(id: number): AppError {
    return notFoundItem(this.type, id);
  }

  sortableFields(): string[] {
    return ['id', 'statusCode', ...this.type.fields.filter((f) => f.sort).map((f) => f.name)];
  }

  private searchWhere(text: string | null | undefined): Record<string, unknown> {
    const trimmed = text?.trim();
    if (!trimmed) return {};
    if ([...trimmed].length > 100)
      throw badInput('คำค้นยาวได้ไม่เกิน 100 ตัวอักษร', 'Search text: at most 100 characters');
    const pattern = containsPattern(trimmed);
    return { $or: this.type.fields.filter((f) => f.search).map((f) => ({ [f.name]: { $ilike: pattern } })) };
  }

  async list(q: ReferenceSearch): Promise<{ items: ReferenceRow[]; total: number }> {
    const principal = await this.require('view');
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
    const where: Record<string, unknown> = { ...this.searchWhere(q.search), ...this.scopeWhere(principal) };
    if (q.statusCode) Object.assign(where, statusWhere(this.type, this.checkStatus(q.statusCode)));
    const sortKey = sort === 'statusCode' && this.type.statusProperty === 'active' ? 'active' : sort;
    const orderBy = { [sortKey]: direction, ...(sort === 'id' ? {} : { id: 'asc' }) };
    const [items, total] = await this.em.findAndCount(this.type.entity, where, {
      orderBy,
      limit: q.rows,
      offset: (q.currentPage - 1) * q.rows,
      populate: displayPopulate(this.type),
    });
    this.noteRead(principal, items, 'referenceItems');
    return { items, total };
  }

  /** A personal-data type's items shown to staff go into the request's audit event. */
  private noteRead(principal: Principal, rows: readonly ReferenceRow[], via: string): void {
    if (this.type.personalData)
      notePersonalDataRead(
        principal,
        this.type.type,
        rows.map((r) => r.id),
        via,
      );
  }

  /** Active items for pick lists: any member of staff holding one of the kit's menu codes. */
  async options(
    search: string | null | undefined,
    rows: number,
    form?: { documentType: string; field: string } | null,
  ): Promise<ReferenceRow[]> {
    if (!Number.isInteger(rows) || rows < 1 || rows > 200) {
      throw badInput('จำนวนแถวต้องอยู่ระหว่าง 1 ถึง 200', 'rows must be between 1 and 200');
    }
    // Pick lists name every active item, whoever owns it: a transfer goes to another division's
    // storage. Only codes and names are shown (as the legacy division-storage list does to any staff
    // member); reading an item's details and changing it stay within the caller's data scope, and a
    // document refuses an item it may not use (e.g. a source storage outside the caller's subtree).
    const principal = requirePrincipal(this.auth);
    const codes = pickCodesOf(this.type);
    if (!codes.some((code) => principal.menuCodes.has(code)))
      await this.refuse(principal, 'pick', { required: codes });
    // A document form's field offers what saving that document accepts from this person
    // (document-pick.ts): an owner's storage or account within their data scope.
    const rule = form ? formFieldPick(form.documentType, form.field, principal) : undefined;
    if (form && rule?.refType !== this.type.type)
      throw badInput(
        `ไม่พบช่อง ${form.field} ของเอกสาร ${form.documentType} ที่เลือก${this.type.label.th}`,
        `${form.documentType} has no field ${form.field} that picks a ${this.type.label.en.toLowerCase()}`,
      );
    const where = {
      $and: [this.searchWhere(search), statusWhere(this.type, ReferenceStatus.Active), rule?.where ?? {}],
    };
    const found = await this.em.find(this.type.entity, where, { orderBy: { code: 'asc' }, limit: rows });
    this.noteRead(principal, found, 'referenceOptions');
    return found;
  }

  async get(id: number): Promise<ReferenceRow> {
    const principal = await this.require('view');
    const row = await this.em.findOne(this.type.entity, { id }, { populate: displayPopulate(this.type) });
    if (!row) throw this.notFound(id);
    if (this.type.scope === 'DIVISION') await this.requireScope(this.em, principal, row);
    this.noteRead(principal, [row], 'referenceItem');
    return row;
  }

  /** Creates (no id) or updates (id) an item; values left out of an update keep their value. */
  async save(input: SaveReferenceInput): Promise<ReferenceRow> {
    const principal = await this.require(input.id != null ? 'edit' : 'create');
    refuseUnknownFields(this.type, input.values ?? {});
    const row = await this.em.transactional((tx) => saveReferenceRow(this.saveContext(tx, principal), input));
    return this.reload(row.id);
  }

  /** What a save needs to run inside a transaction: also each row of an import. */
  saveContext(tx: EntityManager, principal: Principal): SaveContext {
    return { tx, principal, type: this.type, requireScope: (t, row) => this.requireScope(t, principal, row) };
  }

  /** An import creates and updates: it needs both the type's create and edit codes. */
  async requireImport(): Promise<Principal> {
    await this.require('create');
    return this.require('edit');
  }

  private async reload(id: number): Promise<ReferenceRow> {
    const fresh = this.em.fork();
    const row = await fresh.findOne(this.type.entity, { id }, { populate: displayPopulate(this.type) });
    if (!row) throw this.notFound(id);
    return row;
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
    const principal = await this.require('edit');
    const status = this.checkStatus(statusCode);
    await this.em.transactional(async (tx) => {
      const row = await tx.findOne(this.type.entity, { id });
      if (!row) throw this.notFound(id);
      await this.requireScope(tx, principal, row);
      setStatusOn(this.type, row, status);
      if (this.type.auditColumns) row.updatedById = principal.userId;
      await tx.flush();
    });
    return this.reload(id);
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
    const principal = await this.require('edit');
    const uses = await this.referencingColumns();
    return this.em.transactional(async (tx) => {
      const row = await tx.findOne(this.type.entity, { id });
      if (!row) throw this.notFound(id);
      await this.requireScope(tx, principal, row);
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
        if (count > 0) inUse.push(`${tableLabel(use.table)} (${count})`);
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
