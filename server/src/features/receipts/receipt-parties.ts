import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../platform/errors';

// Who a receipt is from and to, as the receipt prints them, read when it is issued and frozen on it
// (docs/receipts.md). The issuer's data is the organisation tree's (GOVERNMENT_INFO): each item is
// taken from the nearest unit, from the receiving unit up to the ministry, that has it.

/** The built-in tax-deduction statement, when no unit on the way up to the ministry sets one. */
export const DEFAULT_RECEIPT_STATEMENT =
  'เงินบริจาคนี้นำไปลดหย่อนหรือหักเป็นรายจ่ายในการคำนวณภาษีเงินได้ได้ตามที่ประมวลรัษฎากรกำหนด';

interface AddressParts {
  address_line: string | null;
  sub_district: string | null;
  district: string | null;
  province: string | null;
  province_id: number | null;
  postcode: string | null;
}

/** An address as Thai post writes it: Bangkok has แขวง and เขต, the provinces ตำบล, อำเภอ, จังหวัด. */
export function thaiAddress(a: AddressParts): string | null {
  const parts: string[] = [];
  if (a.address_line) parts.push(a.address_line);
  if (a.sub_district) {
    if (a.province_id === 1) parts.push(`แขวง${a.sub_district}`, a.district ?? '', a.province ?? '');
    else parts.push(`ตำบล${a.sub_district}`, `อำเภอ${a.district}`, `จังหวัด${a.province}`);
    if (a.postcode) parts.push(a.postcode);
  }
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}

/**
 * A postal address typed on a public form (a line and a sub-district of the geography lists) as
 * Thai post writes it; null when there is no such sub-district. One statement, in `em`'s transaction.
 */
export async function postalAddress(
  em: EntityManager,
  addressLine: string | null,
  subDistrictId: number,
): Promise<string | null> {
  const [parts] = await em.getConnection().execute<AddressParts[]>(
    `select ? as address_line, sd.name_th as sub_district, d.name_th as district, p.name_th as province,
       p.id as province_id, sd.postcode
     from geo_sub_district sd join geo_district d on d.id = sd.district_id join geo_province p on p.id = d.province_id
     where sd.id = ?`,
    [addressLine, subDistrictId],
    'all',
    em.isInTransaction() ? em.getTransactionContext() : undefined,
  );
  return parts ? thaiAddress(parts) : null;
}

const addressColumns = (alias: string) => `${alias}.address_line, sd.name_th as sub_district,
  di.name_th as district, pr.name_th as province, pr.id as province_id, sd.postcode`;
const addressJoins = (alias: string) => `left join geo_sub_district sd on sd.id = ${alias}.sub_district_id
  left join geo_district di on di.id = sd.district_id
  left join geo_province pr on pr.id = di.province_id`;

export interface ReceiptIssuer {
  issuerName: string;
  issuerTaxId: string;
  issuerAddress: string | null;
  receivingUnitName: string;
  statement: string;
  signerName: string | null;
  signerPosition: string | null;
}

interface UnitRow extends AddressParts {
  id: number;
  name_th: string;
  tax_id: string | null;
  receipt_statement: string | null;
  receipt_signer_name: string | null;
  receipt_signer_position: string | null;
}

/**
 * The issuer of a receipt received by `unitId`: the name and tax id of the nearest unit with a tax
 * id (the legal body, usually the department), the address of the nearest unit with one (where the
 * money was received), the statement and the signer of the nearest unit that sets them. Without a
 * tax id anywhere up the tree a receipt cannot be issued: 409 naming the receiving unit.
 */
export async function receiptIssuer(tx: EntityManager, unitId: number): Promise<ReceiptIssuer> {
  const rows = await tx.getConnection().execute<UnitRow[]>(
    `select u.id, u.name_th, u.tax_id, u.receipt_statement, u.receipt_signer_name,
       u.receipt_signer_position, ${addressColumns('u')}
     from organisation_unit r
     join organisation_unit u on r.path like u.path || '%'
     ${addressJoins('u')}
     where r.id = ?
     order by length(u.path) desc`,
    [unitId],
    'all',
    tx.getTransactionContext(),
  );
  const receiving = rows[0];
  if (!receiving) throw new Error(`No organisation unit ${unitId}`);
  const legal = rows.find((u) => u.tax_id);
  if (!legal?.tax_id) {
    throw new AppError(
      'RECEIPT_SETUP',
      409,
      `ออกใบเสร็จไม่ได้: ยังไม่ได้กำหนดเลขประจำตัวผู้เสียภาษีอากรของ${receiving.name_th}หรือหน่วยงานต้นสังกัด (ข้อมูลส่วนราชการ)`,
      `No receipt can be issued: neither ${receiving.name_th} nor a unit above it has a tax id (government info)`,
      { unitId },
    );
  }
  const placed = rows.find((u) => u.address_line || u.sub_district);
  const statement = rows.find((u) => u.receipt_statement)?.receipt_statement;
  const signer = rows.find((u) => u.receipt_signer_name);
  return {
    issuerName: legal.name_th,
    issuerTaxId: legal.tax_id,
    issuerAddress: placed ? thaiAddress(placed) : null,
    receivingUnitName: receiving.name_th,
    statement: statement ?? DEFAULT_RECEIPT_STATEMENT,
    signerName: signer?.receipt_signer_name ?? null,
    signerPosition: signer?.receipt_signer_position ?? null,
  };
}

export interface ReceiptDonor {
  donorName: string;
  donorTaxId: string | null;
  donorAddress: string | null;
}

/** The donor as the receipt names them now: name, citizen or tax id, address. */
export async function receiptDonor(tx: EntityManager, donorId: number): Promise<ReceiptDonor> {
  const [row] = await tx
    .getConnection()
    .execute<(AddressParts & { name_th: string; tax_id: string | null; donor_type: string })[]>(
      `select d.name_th, d.tax_id, d.donor_type, ${addressColumns('d')}
     from ref_donator d ${addressJoins('d')} where d.id = ?`,
      [donorId],
      'all',
      tx.getTransactionContext(),
    );
  if (!row) throw new Error(`No donor ${donorId}`);
  return {
    donorName: row.donor_type === 'ANONYMOUS' ? 'ผู้ไม่ประสงค์ออกนาม' : row.name_th,
    donorTaxId: row.tax_id,
    donorAddress: row.donor_type === 'ANONYMOUS' ? null : thaiAddress(row),
  };
}
