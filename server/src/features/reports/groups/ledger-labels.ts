import { documentTypes } from '../../../kits/documents/document-types';
import type { StatusOption } from '../../../kits/reports/report-kit';

// The names of the ledgers' codes as the stock and money movement reports show them (2.2, 2.7,
// 3.7), in Thai and English (docs/ledger.md lists the codes).

export const stockMovementTypeNames: StatusOption[] = [
  { code: 'RECEIVE', label: { th: 'รับเข้า', en: 'Received' } },
  { code: 'ISSUE', label: { th: 'จ่ายออก', en: 'Issued' } },
  { code: 'RESERVE', label: { th: 'จอง', en: 'Reserved' } },
  { code: 'RELEASE', label: { th: 'ยกเลิกการจอง', en: 'Reservation released' } },
  { code: 'ISSUE_RESERVED', label: { th: 'จ่ายตามที่จอง', en: 'Issued from reservation' } },
  { code: 'TRANSFER_OUT', label: { th: 'โอนออก', en: 'Transferred out' } },
  { code: 'TRANSFER_IN_TRANSIT', label: { th: 'ระหว่างขนส่ง', en: 'In transit' } },
  { code: 'TRANSFER_RECEIVE', label: { th: 'รับโอน', en: 'Transfer received' } },
  { code: 'TRANSFER_MISSING', label: { th: 'ขาดหายระหว่างโอน', en: 'Missing in transfer' } },
  { code: 'ADJUST_IN', label: { th: 'ปรับเพิ่ม', en: 'Adjusted up' } },
  { code: 'ADJUST_OUT', label: { th: 'ปรับลด', en: 'Adjusted down' } },
];

/** The document that made a movement: each document type's own label (read when a report runs). */
export const documentTypeNames = (): StatusOption[] =>
  documentTypes.map((t) => ({ code: t.type, label: t.label }));
