import { Reference } from '@mikro-orm/core';
import { exportRoute } from '../../kits/export/export-route';
import { listPages } from '../../kits/export/export-rows';
import type { ExportColumn, ExportKind, ExportLanguage } from '../../kits/export/export-source';
import { kitMenuCodes } from '../../kits/reference/reference-define';
import { type ReferenceField, type ReferenceRow } from '../../kits/reference/reference-kit';
import { statusOf } from '../../kits/reference/reference-rows';
import { badInput } from '../../platform/errors';
import type { SubDistrict } from '../core/geography.entity';
import { ReferenceService } from './reference.service';
import { referenceTypeOf, referenceTypes } from './reference-types';

// Declared fields (the reference-data kit's and the document kit's) as export columns, and the
// reference-data list of any type as XLSX or CSV (docs/exports.md).

const exportKind = (f: ReferenceField): ExportKind =>
  f.kind === 'integer'
    ? 'integer'
    : f.kind === 'decimal'
      ? f.scale === 2
        ? 'money'
        : 'number'
      : f.kind === 'date'
        ? 'date'
        : 'text';

/** A field's value as a cell: names for references, enums and sub-districts in the file's language. */
export function fieldCell(f: ReferenceField, raw: unknown, lang: ExportLanguage): unknown {
  if (raw === null || raw === undefined) return null;
  switch (f.kind) {
    case 'enum':
      return f.options.find((o) => o.value === String(raw))?.label[lang] ?? String(raw);
    case 'boolean':
      return raw ? { th: 'ใช่', en: 'Yes' }[lang] : { th: 'ไม่ใช่', en: 'No' }[lang];
    case 'reference': {
      if (typeof raw === 'number') return raw;
      const r = Reference.unwrapReference(raw as object) as {
        id?: number;
        code?: string;
        nameTh?: string;
        nameEn?: string | null;
      };
      if (!r.code) return r.id ?? null;
      const name = lang === 'en' ? r.nameEn || r.nameTh : r.nameTh;
      return `${r.code} ${name ?? ''}`.trim();
    }
    case 'subDistrict': {
      const s = Reference.unwrapReference(raw as object) as SubDistrict;
      const district = s.district?.getEntity?.();
      const province = district?.province?.getEntity?.();
      if (!s.nameTh) return null;
      return [s.nameTh, district?.nameTh, province?.nameTh, s.postcode].filter(Boolean).join(' ');
    }
    default:
      return raw;
  }
}

/** Columns of declared fields, read from `get(row)` (the row itself, or a document's header). */
export function fieldColumns<Row>(
  fields: readonly ReferenceField[],
  get: (row: Row) => Record<string, unknown> = (row) => row as Record<string, unknown>,
): ExportColumn<Row>[] {
  return fields.map((f) => ({
    key: f.name,
    th: f.label.th,
    en: f.label.en,
    kind: exportKind(f),
    width: f.kind === 'reference' || f.kind === 'subDistrict' ? 32 : undefined,
    value: (row: Row, lang: ExportLanguage) => fieldCell(f, get(row)[f.name], lang),
  }));
}

const statusLabel = {
  A: { th: 'ใช้งาน', en: 'Active' },
  I: { th: 'ไม่ใช้งาน', en: 'Inactive' },
} as Record<string, { th: string; en: string }>;

/**
 * GET /api/export/reference/:type: the items of one type with the list's search, statusCode and
 * order, as ReferenceService.list gives them (the type's own view menus and data scope).
 */
export const referenceExport = () =>
  exportRoute<ReferenceRow>({
    name: 'reference/:type',
    params: { type: 40 },
    access: { menu: kitMenuCodes(referenceTypes, 'view') },
    filters: {
      search: { type: 'string', maxLength: 100 },
      statusCode: { type: 'string', maxLength: 1 },
      sort: { type: 'string', maxLength: 40 },
      direction: { type: 'string', maxLength: 10 },
    },
    async source({ em, auth, params, filters: f, origin }) {
      const type = referenceTypeOf(params.type);
      if (!type)
        throw badInput(`ไม่รู้จักข้อมูลพื้นฐานประเภท ${params.type}`, `Unknown reference type ${params.type}`, {
          field: 'type',
        });
      const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
      const { total, rows } = await listPages(em, (fork, currentPage, size) =>
        new ReferenceService(fork, auth, type, origin).list({
          search: s(f.search),
          statusCode: s(f.statusCode),
          currentPage,
          rows: size,
          sort: s(f.sort),
          direction: s(f.direction),
        }),
      );
      const columns: ExportColumn<ReferenceRow>[] = [
        ...fieldColumns<ReferenceRow>(type.fields),
        {
          key: 'statusCode',
          th: 'สถานะ',
          en: 'Status',
          kind: 'text',
          width: 12,
          value: (row, lang) => statusLabel[statusOf(type, row)]?.[lang] ?? statusOf(type, row),
        },
        {
          key: 'updatedAt',
          th: 'แก้ไขล่าสุด',
          en: 'Last changed',
          kind: 'datetime',
          value: (row) => row.updatedAt,
        },
      ];
      return { fileName: type.label.th, sheetTitle: type.label, columns, rows, total };
    },
  });
