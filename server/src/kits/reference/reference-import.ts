import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthState, Principal } from '../../platform/auth/principal';
import { AppError, badInput } from '../../platform/errors';
import { ReferenceService, type RequestOrigin } from './reference.service';
import {
  decodeImportFile,
  type ImportFormat,
  type ImportSheet,
  readImportFile,
} from './reference-import-file';
import { importOrder } from './reference-import-order';
import { importTemplate } from './reference-import-template';
import {
  fieldError,
  type ImportColumn,
  mapColumns,
  plainValue,
  subDistrictValue,
} from './reference-import-values';
import type { FieldError, ReferenceField, ReferenceType } from './reference-kit';
import { saveReferenceRow } from './reference-save';

// The kit's import (docs/reference-data-kit.md, "Import"): one file of one reference type, every
// row saved with exactly the checks of a single save (reference-save.ts), all rows in one
// transaction. A preview runs the same and rolls back; a commit keeps the rows only when none failed.

/** A problem with one row; `field` null when it concerns the whole row (e.g. out of scope). */
export interface ImportRowError {
  field: string | null;
  messageTh: string;
  messageEn: string;
}

export interface ImportRowResult {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number;
  action: 'CREATE' | 'UPDATE';
  code: string | null;
  /** The cells as given, by field name. */
  values: Record<string, string>;
  errors: ImportRowError[];
}

export interface ImportResult {
  type: string;
  fileName: string;
  format: ImportFormat;
  /** The fields the columns were matched to, in file order. */
  columns: string[];
  total: number;
  created: number;
  updated: number;
  errorRows: number;
  /** True only for a commit that wrote every row. */
  committed: boolean;
  rows: ImportRowResult[];
}

/** Thrown out of the transaction to roll it back with the rows' results. */
class RollBack extends Error {
  constructor(readonly rows: ImportRowResult[]) {
    super('import rolled back');
  }
}

const codeOf = (text: string | undefined) => (text ?? '').trim().toUpperCase();

function rowErrors(err: AppError): ImportRowError[] {
  const fields = err.details?.fields as FieldError[] | undefined;
  if (fields?.length) return fields;
  return [
    { field: err.code === 'CONFLICT' ? 'code' : null, messageTh: err.messageTh, messageEn: err.messageEn },
  ];
}

/** What one run knows about the file: its rows, columns and the codes they define. */
interface Plan {
  sheet: ImportSheet;
  columns: ImportColumn[];
  codes: string[];
  /** The first row defining each code. */
  rowByCode: Map<string, number>;
  /** Errors known before saving (a repeated code, a ring of references), per row index. */
  known: FieldError[][];
  /** Ids of the items whose codes the file names that existed before it: those rows update. */
  existing: Map<string, number>;
}

export class ReferenceImport {
  private readonly service: ReferenceService;

  constructor(
    private readonly em: EntityManager,
    auth: AuthState,
    private readonly type: ReferenceType,
    origin?: RequestOrigin,
  ) {
    this.service = new ReferenceService(em, auth, type, origin);
  }

  /** The CSV template of the type (for those who may import it). */
  async template(): Promise<{ fileName: string; content: string }> {
    await this.service.requireImport();
    return importTemplate(this.type);
  }

  /** Reads and checks the file; `commit` writes it when every row is valid, else nothing. */
  async run(file: string, fileName: string, commit: boolean): Promise<ImportResult> {
    const principal = await this.service.requireImport();
    if ([...fileName].length > 255) {
      throw badInput('ชื่อไฟล์ยาวเกิน 255 ตัวอักษร', 'The file name is longer than 255 characters');
    }
    const sheet = await readImportFile(decodeImportFile(file));
    const plan = await this.plan(sheet);
    const order = this.ordered(plan);
    let rows: ImportRowResult[];
    try {
      rows = await this.em.transactional(async (tx) => {
        const saved = new Map<string, number>();
        const results: ImportRowResult[] = new Array(sheet.rows.length);
        for (const index of order) results[index] = await this.importRow(tx, principal, plan, index, saved);
        if (!commit || results.some((r) => r.errors.length)) throw new RollBack(results);
        return results;
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
      rows = err.rows;
    }
    const valid = rows.filter((r) => !r.errors.length);
    return {
      type: this.type.type,
      fileName,
      format: sheet.format,
      columns: plan.columns.map((c) => c.field.name),
      total: rows.length,
      created: valid.filter((r) => r.action === 'CREATE').length,
      updated: valid.filter((r) => r.action === 'UPDATE').length,
      errorRows: rows.length - valid.length,
      committed: commit && valid.length === rows.length,
      rows,
    };
  }

  private async plan(sheet: ImportSheet): Promise<Plan> {
    const columns = mapColumns(this.type, sheet.headers, sheet.rows);
    const codeColumn = columns.find((c) => c.field.name === 'code');
    const codes = sheet.rows.map((r) => (codeColumn ? codeOf(r.cells[codeColumn.index]) : ''));
    const rowByCode = new Map<string, number>();
    const known = codes.map((): FieldError[] => []);
    codes.forEach((code, index) => {
      if (!code) return;
      const first = rowByCode.get(code);
      if (first === undefined) rowByCode.set(code, index);
      else {
        const line = sheet.rows[first].line;
        known[index].push({
          field: 'code',
          messageTh: `รหัส ${code} ซ้ำกับแถวที่ ${line}`,
          messageEn: `Code ${code} is already used by row ${line}`,
        });
      }
    });
    const found = rowByCode.size
      ? await this.em.find(
          this.type.entity,
          { code: { $in: [...rowByCode.keys()] } },
          { fields: ['id', 'code'] as never[] },
        )
      : [];
    const existing = new Map(found.map((row) => [row.code, row.id]));
    return { sheet, columns, codes, rowByCode, known, existing };
  }

  /** Columns that point at items of this same type: they may name rows of the file. */
  private selfColumns(plan: Plan): ImportColumn[] {
    return plan.columns.filter((c) => c.field.kind === 'reference' && c.field.refType?.() === this.type);
  }

  /** Rows after the rows they refer to; rows on a ring get an error on the referring field. */
  private ordered(plan: Plan): number[] {
    const self = this.selfColumns(plan);
    const targets = (index: number) =>
      self.map((c) => ({ column: c, to: plan.rowByCode.get(codeOf(plan.sheet.rows[index].cells[c.index])) }));
    const deps = plan.sheet.rows.map((_, index) =>
      targets(index).flatMap((t) => (t.to === undefined ? [] : [t.to])),
    );
    const { order, cycles } = importOrder(plan.codes, deps);
    for (const [index, ring] of cycles) {
      for (const t of targets(index)) {
        if (t.to === undefined || !cycles.has(t.to)) continue;
        const f = t.column.field;
        plan.known[index].push(
          fieldError(
            f,
            `${f.label.th}วนกลับเป็นวงจร: ${ring.join(' → ')}`,
            `${f.label.en} goes round in a circle: ${ring.join(' → ')}`,
          ),
        );
      }
    }
    return order;
  }

  /** A referenced item's id from its code: a row saved earlier in this file, else the database. */
  private async referenceValue(
    tx: EntityManager,
    plan: Plan,
    f: ReferenceField,
    text: string,
    saved: Map<string, number>,
  ): Promise<{ value: unknown } | { error: FieldError }> {
    const code = codeOf(text);
    if (!code) return { value: null };
    const target = (f.refType as () => ReferenceType)();
    const inFile = target === this.type ? plan.rowByCode.get(code) : undefined;
    if (inFile !== undefined) {
      const id = saved.get(code);
      if (id !== undefined) return { value: id };
      const line = plan.sheet.rows[inFile].line;
      return {
        error: fieldError(
          f,
          `${f.label.th} ${code} (แถวที่ ${line}) มีข้อผิดพลาด`,
          `${f.label.en} ${code} (row ${line}) has errors`,
        ),
      };
    }
    const row = await tx.findOne(target.entity, { code }, { fields: ['id'] as never[] });
    if (row) return { value: row.id };
    return {
      error: fieldError(
        f,
        `ไม่พบ${f.label.th} รหัส ${code}`,
        `No ${f.label.en.toLowerCase()} with code ${code}`,
      ),
    };
  }

  private async importRow(
    tx: EntityManager,
    principal: Principal,
    plan: Plan,
    index: number,
    saved: Map<string, number>,
  ): Promise<ImportRowResult> {
    const { line, cells } = plan.sheet.rows[index];
    const known = [...plan.known[index]];
    const given: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    for (const { field: f, index: column } of plan.columns) {
      const text = cells[column] ?? '';
      given[f.name] = text;
      if (f.name === 'code' || known.some((e) => e.field === f.name)) continue;
      const converted =
        f.kind === 'reference'
          ? await this.referenceValue(tx, plan, f, text, saved)
          : f.kind === 'subDistrict'
            ? await subDistrictValue(tx, f, text)
            : { value: plainValue(f, text) };
      if ('error' in converted) known.push(converted.error);
      else values[f.name] = converted.value;
    }
    const code = plan.codes[index];
    const existing = plan.existing.get(code);
    const result: ImportRowResult = {
      row: line,
      action: existing ? 'UPDATE' : 'CREATE',
      code: code || null,
      values: given,
      errors: [],
    };
    try {
      // A savepoint per row: a refused row leaves the transaction usable for the rows after it, and a
      // fresh identity map reads what earlier rows wrote (paths included) from the database.
      const row = await tx
        .fork({ keepTransactionContext: true, clear: true })
        .transactional((inner) =>
          saveReferenceRow(
            this.service.saveContext(inner, principal),
            { id: existing ?? null, code: given.code ?? '', values },
            known,
          ),
        );
      if (code) saved.set(code, row.id);
      result.code = row.code;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.errors = rowErrors(err);
    }
    return result;
  }
}
