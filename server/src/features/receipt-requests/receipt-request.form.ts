import { commonLists } from '../../kits/core/common-lists.data';
import { checkValue, validationError } from '../../kits/reference/reference-check';
import { type FieldError, field, optionsOf, type ReferenceField } from '../../kits/reference/reference-kit';
import { bangkokToday } from '../../platform/dates';
import { badInput } from '../../platform/errors';
import type { ReceiptRequestItem, ReceiptRequestKind } from './receipt-request.entity';

// What the public forms /reqs-receipt-donation-money and /reqs-receipt-donation-resource send (the
// JSON field `request` beside the evidence file), checked field by field with the reference kit's own
// checks (the citizen or tax id's check digit, e-mail, phone, money with 2 decimals, real dates), then
// across fields. Every refusal names its field in Thai and English; the client shows it there.

/** Lines of goods one request may list. */
export const MAX_ITEMS = 20;

const requesterTypes = optionsOf(commonLists['donor-type']).filter((o) => o.value !== 'ANONYMOUS');

export const deliveries = [
  { value: 'EMAIL', label: { th: 'ส่งทางอีเมล', en: 'By e-mail' } },
  { value: 'POST', label: { th: 'ส่งทางไปรษณีย์', en: 'By post' } },
];

const [addressLine, subDistrict] = field.address();

/** The fields of both forms: their names are the JSON keys and the client form's field names. */
export const receiptRequestFields: ReferenceField[] = [
  field.integer('unitId', { th: 'หน่วยงานที่รับบริจาค', en: 'Receiving unit' }, { required: true, min: 1 }),
  field.enum('requesterType', { th: 'ประเภทผู้ขอ', en: 'Requester type' }, requesterTypes, {
    required: true,
  }),
  field.text(
    'requesterName',
    { th: 'ชื่อ-นามสกุล หรือชื่อนิติบุคคล', en: 'Name or organisation name' },
    { required: true, maxLength: 255 },
  ),
  field.taxId(
    'taxId',
    { th: 'เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี', en: 'Citizen or tax id' },
    { required: true },
  ),
  field.email({ required: true }),
  field.phone({ required: true, maxLength: 100 }),
  field.date('donatedOn', { th: 'วันที่บริจาค', en: 'Date of the donation' }, { required: true }),
  field.decimal(
    'amount',
    { th: 'จำนวนเงิน (บาท)', en: 'Amount (baht)' },
    { scale: 2, min: 0.01, max: 999_999_999_999 },
  ),
  field.enum('delivery', { th: 'การจัดส่งหลักฐาน', en: 'Delivery' }, deliveries, { required: true }),
  addressLine,
  subDistrict,
  field.text('note', { th: 'ข้อความถึงเจ้าหน้าที่', en: 'Note to staff' }, { maxLength: 1000 }),
  field.boolean('consent', { th: 'ความยินยอม', en: 'Consent' }),
  field.text('idempotencyKey', { th: 'รหัสป้องกันการส่งซ้ำ', en: 'Idempotency key' }, { maxLength: 100 }),
];

const itemFields: ReferenceField[] = [
  field.text('description', { th: 'รายการสิ่งของ', en: 'Item' }, { required: true, maxLength: 200 }),
  field.decimal(
    'quantity',
    { th: 'จำนวน', en: 'Quantity' },
    {
      required: true,
      scale: 3,
      min: 0.001,
      max: 99_999_999_999,
    },
  ),
  field.text('unit', { th: 'หน่วยนับ', en: 'Unit' }, { maxLength: 50 }),
];

export interface ReceiptRequestForm {
  kind: ReceiptRequestKind;
  unitId: number;
  requesterType: 'PERSON' | 'JURISTIC';
  requesterName: string;
  taxId: string;
  email: string;
  phone: string;
  donatedOn: string;
  amount: string | null;
  items: ReceiptRequestItem[] | null;
  delivery: 'EMAIL' | 'POST';
  addressLine: string | null;
  subDistrict: number | null;
  note: string | null;
  consent: boolean;
  idempotencyKey: string | null;
}

/** What the person agrees to (the client shows it in these words). */
export const CONSENT_PURPOSE =
  'ยินยอมให้ใช้ข้อมูลส่วนบุคคลที่กรอกเพื่อตรวจสอบการบริจาค ออกและจัดส่งหลักฐานการรับบริจาค และแจ้งผลทางอีเมล ตามนโยบายคุ้มครองข้อมูลส่วนบุคคล';

const error = (name: string, messageTh: string, messageEn: string): FieldError => ({
  field: name,
  messageTh,
  messageEn,
});

// Names and one-line texts keep no control characters (a line break in a name would start a line of
// its own in the e-mail); the note may have line breaks. No text may hold NUL, which PostgreSQL
// cannot store.
const control = /\p{Cc}/u;

function controlCharacters(name: string, label: ReferenceField['label'], value: unknown, multiline: boolean) {
  if (typeof value !== 'string' || !control.test(multiline ? value.replace(/[\n\r\t]/g, '') : value))
    return null;
  return error(
    name,
    `${label.th}มีอักขระควบคุมที่ใช้ไม่ได้${multiline ? '' : ' (รวมถึงการขึ้นบรรทัดใหม่)'}`,
    `${label.en} holds control characters${multiline ? '' : ' (line breaks included)'}, which are not allowed`,
  );
}

function checkFields(
  fields: readonly ReferenceField[],
  given: Record<string, unknown>,
  prefix: string,
  errors: FieldError[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const where = `${prefix}${f.name}`;
    const refusal = controlCharacters(where, f.label, given[f.name], f.name === 'note');
    if (refusal) {
      errors.push(refusal);
      continue;
    }
    const checked = checkValue(f, given[f.name]);
    if ('error' in checked) errors.push({ ...checked.error, field: where });
    else values[f.name] = checked.value;
  }
  return values;
}

function unknownKeys(given: Record<string, unknown>, known: readonly ReferenceField[], prefix: string) {
  const names = new Set(known.map((f) => f.name));
  return Object.keys(given)
    .filter((k) => !names.has(k))
    .slice(0, 10)
    .map((k) =>
      error(`${prefix}${k.slice(0, 40)}`, `ไม่รู้จักข้อมูล ${k.slice(0, 40)}`, `Unknown field ${k.slice(0, 40)}`),
    );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function checkItems(raw: unknown, errors: FieldError[]): ReceiptRequestItem[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw)) {
    errors.push(error('items', 'รายการสิ่งของต้องเป็นรายการ', 'items must be a list'));
    return null;
  }
  if (raw.length > MAX_ITEMS) {
    errors.push(error('items', `ระบุสิ่งของได้ไม่เกิน ${MAX_ITEMS} รายการ`, `At most ${MAX_ITEMS} lines of goods`));
    return null;
  }
  const items: ReceiptRequestItem[] = [];
  raw.forEach((line, i) => {
    if (!isObject(line)) {
      errors.push(error(`items.${i}`, `รายการที่ ${i + 1} ไม่ถูกต้อง`, `Line ${i + 1} is not an item`));
      return;
    }
    errors.push(...unknownKeys(line, itemFields, `items.${i}.`));
    const v = checkFields(itemFields, line, `items.${i}.`, errors);
    items.push({
      description: v.description as string,
      quantity: v.quantity as string,
      unit: (v.unit as string | null) ?? null,
    });
  });
  return items;
}

/** Rules across fields, on values each of which passed its own checks. */
function crossChecks(v: ReceiptRequestForm): FieldError[] {
  const errors: FieldError[] = [];
  if (v.kind === 'MONEY') {
    if (!v.amount) errors.push(error('amount', 'กรุณาระบุจำนวนเงินที่บริจาค', 'The amount donated is required'));
    if (v.items)
      errors.push(error('items', 'คำขอสำหรับเงินบริจาคไม่มีรายการสิ่งของ', 'A money request lists no goods'));
  } else {
    if (!v.items?.length)
      errors.push(error('items', 'กรุณาระบุสิ่งของที่บริจาคอย่างน้อย 1 รายการ', 'List at least one item donated'));
    if (v.amount) errors.push(error('amount', 'คำขอสำหรับสิ่งของไม่มีจำนวนเงิน', 'A goods request has no amount'));
  }
  if (v.delivery === 'POST') {
    if (!v.addressLine)
      errors.push(
        error(
          'addressLine',
          'กรุณาระบุที่อยู่สำหรับจัดส่งทางไปรษณีย์',
          'A postal address is needed for delivery by post',
        ),
      );
    if (!v.subDistrict)
      errors.push(error('subDistrict', 'กรุณาเลือกตำบล/แขวง', 'Choose the sub-district of the address'));
  }
  if (v.donatedOn > bangkokToday())
    errors.push(
      error('donatedOn', 'วันที่บริจาคต้องไม่เป็นวันในอนาคต', 'The date of the donation may not be in the future'),
    );
  if (!v.consent)
    errors.push(
      error(
        'consent',
        'กรุณายินยอมตามนโยบายคุ้มครองข้อมูลส่วนบุคคลก่อนส่งคำขอ',
        'Please agree to the personal data policy before sending the request',
      ),
    );
  return errors;
}

/** The JSON text of the form's `request` field, checked; 400 naming every wrong field. */
export function parseReceiptRequest(kind: ReceiptRequestKind, json: string | undefined): ReceiptRequestForm {
  if (json === undefined)
    throw badInput('ไม่พบข้อมูลคำขอในแบบฟอร์ม (request)', 'The form has no request data (field "request")');
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badInput('ข้อมูลคำขออ่านไม่ได้ (ไม่ใช่ JSON)', 'The request data is not valid JSON');
  }
  if (!isObject(raw)) throw badInput('ข้อมูลคำขอต้องเป็นออบเจกต์', 'The request data must be an object');
  const { items: rawItems, ...given } = raw;
  const errors: FieldError[] = unknownKeys(given, receiptRequestFields, '');
  const values = checkFields(receiptRequestFields, given, '', errors);
  const items = checkItems(rawItems, errors);
  if (errors.length) throw validationError(errors);
  const form = { ...values, kind, items } as unknown as ReceiptRequestForm;
  const cross = crossChecks(form);
  if (cross.length) throw validationError(cross);
  return form;
}
