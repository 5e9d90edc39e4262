import { badInput } from '../../platform/errors';
import { peopleNames } from '../core/people-names';
import { exportRoute } from '../export/export-route';
import { listPages } from '../export/export-rows';
import type { ExportColumn } from '../export/export-source';
import { fieldColumns } from '../reference/reference-export';
import { DocumentService } from './document.service';
import { type DocumentRow, type DocumentType, shown } from './document-kit';
import { documentMenuCodes, documentTypeOf, documentTypes } from './document-types';

// The document list of any type as XLSX or CSV (docs/exports.md): the rows DocumentService.list
// gives for the screen's filters (search, status, queue, level, order), page after page, so the
// type's own view menus and data scope apply as on the screen.

type Row = { row: DocumentRow; createdByName: string };

export function documentColumns(type: DocumentType): ExportColumn<Row>[] {
  const statuses = new Map(type.workflow.statuses.map((s) => [s.code, s.label]));
  return [
    { key: 'number', th: 'เลขที่เอกสาร', en: 'Number', kind: 'text', width: 20, value: (r) => r.row.number },
    {
      key: 'status',
      th: 'สถานะ',
      en: 'Status',
      kind: 'text',
      width: 18,
      value: (r, lang) => statuses.get(r.row.status)?.[lang] ?? r.row.status,
    },
    {
      key: 'ownerUnit',
      th: 'หน่วยงานเจ้าของเอกสาร',
      en: 'Owner unit',
      kind: 'text',
      width: 32,
      value: (r, lang) =>
        `${r.row.ownerUnit.code} ${lang === 'en' ? r.row.ownerUnit.nameEn || r.row.ownerUnit.nameTh : r.row.ownerUnit.nameTh}`,
    },
    ...fieldColumns<Row>(
      type.header.filter((f) => !f.computed && shown(f)),
      (r) => r.row,
    ),
    { key: 'remark', th: 'หมายเหตุ', en: 'Remark', kind: 'text', width: 32, value: (r) => r.row.remark },
    {
      key: 'createdBy',
      th: 'ผู้บันทึก',
      en: 'Created by',
      kind: 'text',
      width: 24,
      value: (r) => r.createdByName,
    },
    { key: 'createdAt', th: 'วันที่บันทึก', en: 'Created', kind: 'datetime', value: (r) => r.row.createdAt },
    { key: 'updatedAt', th: 'แก้ไขล่าสุด', en: 'Last changed', kind: 'datetime', value: (r) => r.row.updatedAt },
  ];
}

/** GET /api/export/documents/:type (the type's enum name, e.g. MONEY_DONATION); made once types are registered. */
export const documentExport = () =>
  exportRoute<Row>({
    name: 'documents/:type',
    params: { type: 40 },
    access: { menu: documentMenuCodes(documentTypes, 'view') },
    filters: {
      search: { type: 'string', maxLength: 100 },
      status: { type: 'string', maxLength: 30 },
      queue: { type: 'boolean' },
      level: { type: 'integer', minimum: 1, maximum: 9 },
      sort: { type: 'string', maxLength: 40 },
      direction: { type: 'string', maxLength: 4 },
    },
    async source({ em, auth, params, filters: f, origin }) {
      const type = documentTypeOf(params.type);
      if (!type)
        throw badInput(`ไม่รู้จักเอกสารประเภท ${params.type}`, `Unknown document type ${params.type}`, {
          field: 'type',
        });
      const s = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
      const { total, rows } = await listPages<Row>(em, async (fork, currentPage, size) => {
        const { items, total } = await new DocumentService(fork, auth, type, origin).list({
          search: s(f.search),
          status: s(f.status),
          queue: f.queue === true,
          level: typeof f.level === 'number' ? f.level : null,
          currentPage,
          rows: size,
          sort: s(f.sort),
          direction: s(f.direction),
        });
        const names = await peopleNames(
          fork,
          items.map((r) => r.createdBy),
        );
        return {
          items: items.map((row) => ({
            row,
            createdByName: names.get(row.createdBy) ?? `#${row.createdBy}`,
          })),
          total,
        };
      });
      return { fileName: type.label.th, sheetTitle: type.label, columns: documentColumns(type), rows, total };
    },
  });
