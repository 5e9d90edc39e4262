import type {
  DocumentExtras,
  DocumentField,
  DocumentRow,
  ValidateContext,
} from '../../kits/documents/document-kit';
import { type FieldError, field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { scopePathSql } from '../../platform/auth/data-scope';
import { supportRequest } from '../giving-out';

// A disbursement made from an approved support request (docs/giving-out.md): the header names the
// request, and each resource line (the money disbursement's header) the request line it serves, so
// what was asked, approved, disbursed, delivered and reported can be traced line by line. Both are
// foreign keys (`documentRef`); what may be named is checked here, after the data scope: an APPROVED
// request the caller sees, a line of it of the same kind and resource, and no more than what is left
// of the approval after the other live (not cancelled) disbursements that name the line.

/** The approved support request a disbursement answers. */
export const supportRequestField: DocumentField = {
  ...field.integer(
    'supportRequestId',
    { th: 'คำขอรับการสนับสนุน (เลขที่เอกสาร)', en: 'Support request (document id)' },
    { min: 1, max: 2_147_483_647 },
  ),
  documentRef: () => supportRequest.entity,
  refChoices: { type: 'SUPPORT_REQUEST', status: 'APPROVED' },
};

/** The line of that request a disbursement line (a money disbursement: the document) serves. */
export const supportRequestLineField: DocumentField = {
  ...field.integer(
    'supportRequestLine',
    { th: 'บรรทัดคำขอ (รหัสบรรทัด)', en: 'Request line (line id)' },
    { min: 1, max: 2_147_483_647 },
  ),
  documentRef: () => supportRequest.lineEntity,
  refChoices: { type: 'SUPPORT_REQUEST', lineOf: 'supportRequestId' },
};

const err = (f: string, messageTh: string, messageEn: string): FieldError => ({
  field: f,
  messageTh,
  messageEn,
});

interface RequestLine {
  id: number;
  resource_id: number | null;
  approved_quantity: string | null;
  approved_amount: string | null;
  /** What other live disbursements of this kind already take of the line. */
  taken: string;
}

const has = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The checks of a disbursement's link to its request. `kind` GOODS: the lines name request lines
 * (resource, quantity); MONEY: the header names one (amount). The request row is locked, so two
 * disbursements taking the last of an approval queue and the second sees the first's lines.
 */
export async function supportRequestLinkErrors(
  ctx: ValidateContext,
  kind: 'GOODS' | 'MONEY',
): Promise<FieldError[]> {
  const requestId = ctx.header.supportRequestId as number | null | undefined;
  const links =
    kind === 'GOODS'
      ? ctx.lines.map((l, i) => ({
          at: `lines.${i}.supportRequestLine`,
          lineId: l.supportRequestLine as number | null,
          resource: idOf(l.resource) as number | null,
          asked: Number(l.quantity),
        }))
      : [
          {
            at: 'supportRequestLine',
            lineId: ctx.header.supportRequestLine as number | null,
            resource: null,
            asked: Number(ctx.header.amount),
          },
        ];
  const named = links.filter((l) => has(l.lineId));
  if (!has(requestId))
    return named.map((l) =>
      err(l.at, 'กรุณาเลือกคำขอรับการสนับสนุนก่อนระบุบรรทัดคำขอ', 'Choose the support request before its line'),
    );
  const conn = ctx.tx.getConnection();
  const scope = scopePathSql(ctx.principal, 'u.path');
  const [request] = await conn.execute<{ id: number; status: string; in_scope: boolean }[]>(
    `select r.id, r.status, (${scope.sql}) as in_scope
       from doc_support_request r join organisation_unit u on u.id = r.owner_unit_id
      where r.id = ? for update of r`,
    [...scope.params, requestId],
  );
  // Out of scope reads as not found: an id says nothing about another division's requests.
  if (!request?.in_scope) return [err('supportRequestId', 'ไม่พบคำขอรับการสนับสนุนนี้', 'No such support request')];
  if (request.status !== 'APPROVED')
    return [
      err(
        'supportRequestId',
        'เบิกจ่ายได้เฉพาะจากคำขอรับการสนับสนุนที่อนุมัติแล้ว',
        'Only an approved support request can be disbursed from',
      ),
    ];
  if (!named.length) return [];
  const self = ctx.documentId ?? 0;
  const lines = await conn.execute<RequestLine[]>(
    kind === 'GOODS'
      ? `select l.id, l.resource_id, l.approved_quantity, l.approved_amount,
           coalesce((select sum(dl.quantity) from doc_resource_disbursement_line dl
                       join doc_resource_disbursement d on d.id = dl.document_id
                      where dl.support_request_line = l.id and d.status <> 'CANCELLED' and d.id <> ?), 0) as taken
         from doc_support_request_line l where l.document_id = ?`
      : `select l.id, l.resource_id, l.approved_quantity, l.approved_amount,
           coalesce((select sum(d.amount) from doc_money_disbursement d
                      where d.support_request_line = l.id and d.status <> 'CANCELLED' and d.id <> ?), 0) as taken
         from doc_support_request_line l where l.document_id = ?`,
    [self, requestId],
  );
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: FieldError[] = [];
  const askedOf = new Map<number, number>();
  for (const link of named) {
    const line = byId.get(link.lineId as number);
    if (!line) {
      errors.push(err(link.at, 'บรรทัดนี้ไม่อยู่ในคำขอที่เลือก', 'That line is not on the chosen request'));
      continue;
    }
    if (kind === 'GOODS' && line.resource_id === null) {
      errors.push(err(link.at, 'บรรทัดคำขอนี้เป็นเงิน ไม่ใช่สิ่งของ', 'That request line asks for money, not goods'));
      continue;
    }
    if (kind === 'MONEY' && line.resource_id !== null) {
      errors.push(err(link.at, 'บรรทัดคำขอนี้เป็นสิ่งของ ไม่ใช่เงิน', 'That request line asks for goods, not money'));
      continue;
    }
    if (kind === 'GOODS' && line.resource_id !== link.resource) {
      errors.push(
        err(
          link.at.replace('supportRequestLine', 'resource'),
          'สิ่งของไม่ตรงกับบรรทัดคำขอ',
          'The resource differs from the request line’s',
        ),
      );
      continue;
    }
    askedOf.set(line.id, (askedOf.get(line.id) ?? 0) + link.asked);
    const approved = Number(kind === 'GOODS' ? line.approved_quantity : line.approved_amount);
    const left = approved - Number(line.taken);
    const scale = kind === 'GOODS' ? 3 : 2;
    if ((askedOf.get(line.id) as number) > left + 1e-9)
      errors.push(
        kind === 'GOODS'
          ? err(
              link.at.replace('supportRequestLine', 'quantity'),
              `จำนวนเกินกว่าที่อนุมัติคงเหลือ (อนุมัติ ${approved.toFixed(scale)} เบิกจ่ายแล้ว ${Number(line.taken).toFixed(scale)} คงเหลือ ${left.toFixed(scale)})`,
              `More than the approved remainder (approved ${approved.toFixed(scale)}, disbursed ${Number(line.taken).toFixed(scale)}, left ${left.toFixed(scale)})`,
            )
          : err(
              'amount',
              `จำนวนเงินเกินกว่าที่อนุมัติคงเหลือ (อนุมัติ ${approved.toFixed(scale)} เบิกจ่ายแล้ว ${Number(line.taken).toFixed(scale)} คงเหลือ ${left.toFixed(scale)} บาท)`,
              `More than the approved remainder (approved ${approved.toFixed(scale)}, disbursed ${Number(line.taken).toFixed(scale)}, left ${left.toFixed(scale)} baht)`,
            ),
      );
  }
  return errors;
}

/** The request a disbursement was made from, for its details' links. */
export async function madeFrom(_tx: unknown, row: DocumentRow): Promise<DocumentExtras> {
  const id = row.supportRequestId as number | null;
  return { related: id ? [{ documentType: 'SUPPORT_REQUEST', documentId: id }] : [] };
}
