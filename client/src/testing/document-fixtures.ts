import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { DocumentQuery, DocumentsQuery, DocumentTypesQuery } from '../features/documents';
import { ReferenceOptionsQuery } from '../features/reference';
import { renderRoute } from './render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from './session-fixtures';

export { answersInTurn, refusal } from './mock-answers';

// A transfer-like document type and documents as the server answers them, for the document kit's
// component tests. Results carry __typename as the server's do.

interface FieldExtra {
  kind?: string;
  required?: boolean;
  scale?: number | null;
  min?: number | null;
  refType?: string | null;
  inlineCreateMenuCodes?: string[];
  derived?: boolean;
  list?: boolean;
  enteredAt?: string | null;
  maxLength?: number | null;
  refDocumentType?: string | null;
  refDocumentStatus?: string | null;
  refLineOf?: string | null;
  refChoicesQuery?: string | null;
}

export const docField = (name: string, labelTh: string, extra: FieldExtra = {}) => ({
  __typename: 'DocumentFieldDescriptor',
  name,
  kind: 'text',
  labelTh,
  labelEn: name,
  required: false,
  maxLength: null,
  min: null,
  max: null,
  scale: null,
  options: [],
  refType: null,
  inlineCreateMenuCodes: [],
  derived: false,
  list: true,
  search: false,
  sort: false,
  enteredAt: null,
  reenteredAt: [],
  refDocumentType: null,
  refDocumentStatus: null,
  refLineOf: null,
  refChoicesQuery: null,
  ...extra,
});

const label = (typename: string, code: string, labelTh: string) => ({
  __typename: typename,
  labelTh,
  labelEn: code,
});

const transition = (
  action: string,
  labelTh: string,
  from: string[],
  to: string,
  reason: string | null = null,
) => ({
  ...label('DocumentTransition', action, labelTh),
  action,
  from,
  to,
  menuCodes: ['MN-100'],
  approval: null,
  reason,
});

export const TRANSFER_LABEL = 'ใบโอนสิ่งของไปคลังอื่น';

export const transferDescriptor = {
  __typename: 'DocumentTypeDescriptor',
  type: 'STOCK_TRANSFER',
  prefix: 'TR',
  labelTh: TRANSFER_LABEL,
  labelEn: 'Transfer to another storage',
  header: [
    docField('fromStorage', 'คลังต้นทาง', { kind: 'reference', refType: 'STORAGE', required: true }),
    docField('toStorage', 'คลังปลายทาง', { kind: 'reference', refType: 'STORAGE', required: true }),
  ],
  lines: [
    docField('resource', 'สิ่งของ', { kind: 'reference', refType: 'RESOURCE', required: true }),
    docField('lot', 'ล็อต', { maxLength: 50 }),
    docField('expiryDate', 'วันหมดอายุ', { kind: 'date', derived: true }),
    docField('quantity', 'จำนวนส่ง', { kind: 'decimal', scale: 3, min: 0.001, required: true }),
    docField('unitValue', 'มูลค่าต่อหน่วย', { kind: 'decimal', scale: 2, derived: true, list: false }),
    docField('receivedQuantity', 'จำนวนรับ', {
      kind: 'decimal',
      scale: 3,
      min: 0,
      required: true,
      enteredAt: 'RECEIVE',
    }),
    docField('missingReason', 'เหตุผลที่ขาด', {
      kind: 'reference',
      refType: 'MISSING_EXCESS_REASON',
      enteredAt: 'RECEIVE',
    }),
  ],
  statuses: [
    { ...label('DocumentStatus', 'Saved', 'บันทึก'), code: 'SAVED' },
    { ...label('DocumentStatus', 'Sent', 'ส่งแล้ว'), code: 'SENT' },
    { ...label('DocumentStatus', 'Received', 'รับแล้ว'), code: 'RECEIVED' },
    { ...label('DocumentStatus', 'Cancelled', 'ยกเลิก'), code: 'CANCELLED' },
  ],
  transitions: [
    transition('SEND', 'ส่งของ', ['SAVED'], 'SENT'),
    transition('RECEIVE', 'รับของ', ['SENT'], 'RECEIVED'),
    // Required here (optional in the real declaration) to test the reason prompt.
    transition('CANCEL', 'ยกเลิกเอกสาร', ['SAVED'], 'CANCELLED', 'required'),
  ],
  editableIn: ['SAVED'],
  viewMenuCodes: ['MN-101'],
  createMenuCodes: ['MN-100'],
  editMenuCodes: ['MN-100'],
  attachMenuCodes: [],
  screens: [
    { __typename: 'DocumentScreen', key: 'save-transfer-item-to-another-storage', mode: 'WORK', level: null },
    { __typename: 'DocumentScreen', key: 'view-transfer-item-to-another-storage', mode: 'VIEW', level: null },
  ],
};

export const documentTypesMock: MockLink.MockedResponse = {
  request: { query: DocumentTypesQuery },
  result: { data: { documentTypes: [transferDescriptor] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

export interface HistoryFixture {
  action: string;
  fromStatus: string | null;
  toStatus: string;
  reason?: string | null;
}

export interface LineFixture {
  id: number;
  values: Record<string, unknown>;
  display?: Record<string, unknown>;
  displayEn?: Record<string, unknown>;
}

export interface AttachmentFixture {
  id: string;
  fileName: string;
  size: number;
  mediaType?: string;
  createdAt?: string;
}

export interface ReceiptFixture {
  id: number;
  kind: 'MONEY' | 'GOODS';
  number: string;
  issuedOn: string;
  amount: string;
  amountInWords: string;
  void: boolean;
  voidReason: string | null;
  printCount: number;
  printable: boolean;
  pdfUrl: string;
  printViewUrl: string;
}

/** A transfer from ST-OPS-SUP to ST-P28-DON with the given status, lines and history. */
export function transferDocument(
  id: number,
  overrides: {
    status?: string;
    version?: number;
    remark?: string | null;
    allowedActions?: string[];
    editable?: boolean;
    lines?: LineFixture[];
    history?: HistoryFixture[];
    attachments?: AttachmentFixture[];
    attachmentsEditable?: boolean;
    receipt?: ReceiptFixture | null;
    related?: { type: string; id: number; number: string; labelTh: string; labelEn: string }[];
  } = {},
) {
  const status = overrides.status ?? 'SAVED';
  return {
    __typename: 'Document',
    id,
    type: 'STOCK_TRANSFER',
    number: `TR-2569-${String(id).padStart(6, '0')}`,
    status,
    version: overrides.version ?? 1,
    editable: overrides.editable ?? status === 'SAVED',
    ownerUnitCode: 'OPS-SUP',
    ownerUnitName: 'ฝ่ายพัสดุ',
    ownerUnitNameEn: 'Supply section',
    remark: overrides.remark ?? null,
    header: { fromStorage: 1, toStorage: 2 },
    display: { fromStorage: 'ST-OPS-SUP คลังพัสดุกลาง', toStorage: 'ST-P28-DON คลังรับบริจาคจันทบุรี' },
    displayEn: {
      fromStorage: 'ST-OPS-SUP Central supply storage',
      toStorage: 'ST-P28-DON Chanthaburi donation storage',
    },
    createdByName: 'สมหญิง ใจดี',
    createdAt: '2026-11-22T03:00:00.000Z',
    updatedAt: '2026-11-22T03:00:00.000Z',
    allowedActions: overrides.allowedActions ?? [],
    attachmentKind: 'stock-transfer',
    attachmentsEditable: overrides.attachmentsEditable ?? status !== 'CANCELLED',
    attachmentLimits: { __typename: 'AttachmentLimits', maxFiles: 20, maxBytes: 2 * 1024 * 1024 },
    receipt: overrides.receipt ? { __typename: 'DonationReceipt', ...overrides.receipt } : null,
    related: (overrides.related ?? []).map((doc) => ({ __typename: 'DocumentLink', ...doc })),
    attachments: (overrides.attachments ?? []).map((file) => ({
      __typename: 'Attachment',
      mediaType: 'application/pdf',
      createdAt: '2026-11-22T05:30:00.000Z',
      url: `/api/files/${file.id}`,
      ...file,
    })),
    lines: (overrides.lines ?? []).map((line, index) => ({
      __typename: 'DocumentLine',
      id: line.id,
      lineNo: index + 1,
      values: line.values,
      display: line.display ?? {},
      displayEn: line.displayEn ?? line.display ?? {},
    })),
    history: (overrides.history ?? [{ action: 'CREATE', fromStatus: null, toStatus: 'SAVED' }]).map(
      (entry, index) => ({
        __typename: 'DocumentHistoryEntry',
        reason: null,
        changes: [],
        ...entry,
        actorName: 'สมหญิง ใจดี',
        at: `2026-11-22T0${3 + index}:00:00.000Z`,
      }),
    ),
  };
}

export type TransferDocument = ReturnType<typeof transferDocument>;

/**
 * The list's answer for the first page, unsorted, of one search, paged by key (docs/document-kit.md
 * "Paging by key"): a page's cursors are `c<id>` of its first and last document.
 */
export function documentsMock(
  /** The page's documents, or a function giving them as they are when the list is read. */
  listed: TransferDocument[] | (() => TransferDocument[]),
  variables: Partial<
    Record<
      'search' | 'status' | 'queue' | 'level' | 'sort' | 'direction' | 'first' | 'after' | 'last' | 'before',
      unknown
    >
  > & {
    currentPage?: number;
    total?: number;
  } = {},
): MockLink.MockedResponse {
  const { total, ...rest } = variables;
  const page = (items: TransferDocument[]) => ({
    data: {
      documents: {
        __typename: 'DocumentPage',
        total: total ?? items.length,
        currentPage: rest.currentPage ?? 1,
        rows: 20,
        startCursor: items.length ? `c${items[0].id}` : null,
        endCursor: items.length ? `c${items[items.length - 1].id}` : null,
        items,
      },
    },
  });
  return {
    request: {
      query: DocumentsQuery,
      variables: {
        type: 'STOCK_TRANSFER',
        search: null,
        status: null,
        queue: null,
        level: null,
        currentPage: 1,
        rows: 20,
        sort: null,
        direction: null,
        first: 20,
        after: null,
        last: null,
        before: null,
        ...rest,
      },
    },
    result: typeof listed === 'function' ? () => page(listed()) : page(listed),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function documentMock(document: TransferDocument, maxUsageCount = 1): MockLink.MockedResponse {
  return {
    request: { query: DocumentQuery, variables: { type: 'STOCK_TRANSFER', id: document.id } },
    result: { data: { document } },
    maxUsageCount,
  };
}

/** Pick-list options of a reference type (any filter text); `asked` collects the variables sent. */
export function optionsMock(
  type: string,
  items: { id: number; code: string; nameTh: string }[],
  asked?: Record<string, unknown>[],
): MockLink.MockedResponse {
  return {
    request: {
      query: ReferenceOptionsQuery,
      variables: (variables) => {
        if (variables.type !== type) return false;
        asked?.push(variables);
        return true;
      },
    },
    result: {
      data: {
        referenceOptions: items.map((item) => ({ __typename: 'ReferenceOptionItem', nameEn: null, ...item })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export const TRANSFER_SAVE_KEY = 'save-transfer-item-to-another-storage';
export const TRANSFER_VIEW_KEY = 'view-transfer-item-to-another-storage';

/**
 * Opens a transfer screen as a member of staff with both transfer menus, then the document's details
 * from its row; resolves to the details dialog.
 */
export async function openDocumentDetails(
  key: string,
  document: TransferDocument,
  mocks: readonly MockLink.MockedResponse[] = [],
  /** The list as the server gives it when read (default: the document as given). */
  listed: () => TransferDocument[] = () => [document],
) {
  const rendered = renderRoute(`/backoffice/${key}`, {
    session: signedInStore(staffUser({ menus: menusFor([TRANSFER_SAVE_KEY, TRANSFER_VIEW_KEY]) })),
    mocks: [
      menuCheckMock(key, true),
      documentTypesMock,
      documentsMock(listed),
      optionsMock('MISSING_EXCESS_REASON', [{ id: 4, code: 'DAMAGED', nameTh: 'ชำรุดเสียหาย' }]),
      ...mocks,
    ],
  });
  const table = await screen.findByRole('table', { name: TRANSFER_LABEL });
  const row = (await within(table).findByText(document.number)).closest('tr');
  if (!row) throw new Error('no row');
  fireEvent.click(within(row).getByRole('button', { name: 'รายละเอียด' }));
  const dialog = await screen.findByRole('dialog', { name: `${TRANSFER_LABEL} ${document.number}` });
  return { dialog, session: rendered.session };
}
