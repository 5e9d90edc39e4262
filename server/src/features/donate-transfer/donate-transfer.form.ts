import { banks } from '../../kits/core/banks.data';
import { commonLists } from '../../kits/core/common-lists.data';
import { checkValue, validationError } from '../../kits/reference/reference-check';
import { type FieldError, field, optionsOf, type ReferenceField } from '../../kits/reference/reference-kit';
import { bangkokToday } from '../../platform/dates';
import { badInput } from '../../platform/errors';
import { receiptDeliveries } from '../money-donations';

// What the public form /donate-money-by-bank-transfer sends (the JSON field `donation` beside the
// slip), checked field by field with the reference kit's own checks (the citizen or tax id's check
// digit, e-mail, phone, money with 2 decimals), then across fields. Every refusal names its field in
// Thai and English: the client shows it under that field.

const payments = optionsOf(commonLists['transfer-money-type']).filter((o) =>
  ['TRANSFER', 'PROMPTPAY'].includes(o.value),
);
const bankOptions = banks.map((b) => ({ value: b.code, label: { th: b.nameTh, en: b.nameEn } }));
const [, subDistrict] = field.address();

/** The form's fields: their names are the JSON keys and the client form's field names. */
export const transferDonationFields: ReferenceField[] = [
  field.integer('unitId', { th: 'หน่วยงานที่รับบริจาค', en: 'Receiving unit' }, { required: true, min: 1 }),
  field.integer('moneyAccountId', { th: 'บัญชีที่โอนเข้า', en: 'Account paid into' }, { required: true, min: 1 }),
  field.decimal(
    'amount',
    { th: 'จำนวนเงิน (บาท)', en: 'Amount (baht)' },
    { scale: 2, min: 0.01, max: 999_999_999_999, required: true },
  ),
  field.enum('transferType', { th: 'วิธีการโอน', en: 'How you paid' }, payments, { required: true }),
  field.enum('bank', { th: 'ธนาคารที่โอนจาก', en: 'Bank you paid from' }, bankOptions),
  field.text(
    'paymentReference',
    { th: 'เลขที่อ้างอิงในสลิป', en: 'Reference number on the slip' },
    { maxLength: 50 },
  ),
  field.date('transferredOn', { th: 'วันที่โอน', en: 'Date of the transfer' }, { required: true }),
  field.enum('objective', { th: 'วัตถุประสงค์', en: 'Purpose' }, optionsOf(commonLists['objective/event']), {
    required: true,
  }),
  field.enum('donorType', { th: 'ประเภทผู้บริจาค', en: 'Donor type' }, optionsOf(commonLists['donor-type']), {
    required: true,
  }),
  field.text(
    'donorName',
    { th: 'ชื่อ-นามสกุล หรือชื่อนิติบุคคล', en: 'Name or organisation name' },
    {
      maxLength: 255,
    },
  ),
  field.taxId('taxId', { th: 'เลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี', en: 'Citizen or tax id' }),
  field.phone({ maxLength: 100 }),
  field.email(),
  field.enum('receiptDelivery', { th: 'การรับใบเสร็จ', en: 'Receipt' }, receiptDeliveries, { required: true }),
  field.text(
    'addressLine',
    { th: 'ที่อยู่ (เลขที่ อาคาร ถนน)', en: 'Address (number, building, road)' },
    {
      maxLength: 500,
    },
  ),
  subDistrict,
  field.boolean('consent', { th: 'ความยินยอม', en: 'Consent' }),
  field.text('idempotencyKey', { th: 'รหัสป้องกันการส่งซ้ำ', en: 'Idempotency key' }, { maxLength: 100 }),
];

export interface TransferDonationForm {
  unitId: number;
  moneyAccountId: number;
  /** Decimal text with 2 places, e.g. "1500.00". */
  amount: string;
  transferType: 'TRANSFER' | 'PROMPTPAY';
  bank: string | null;
  paymentReference: string | null;
  transferredOn: string;
  objective: string;
  donorType: 'PERSON' | 'JURISTIC' | 'ANONYMOUS';
  donorName: string | null;
  taxId: string | null;
  phone: string | null;
  email: string | null;
  receiptDelivery: 'NONE' | 'EMAIL' | 'POST';
  addressLine: string | null;
  subDistrict: number | null;
  consent: boolean;
  idempotencyKey: string | null;
}

/** What the person agrees to (recorded with the consent, and shown by the client in these words). */
export const CONSENT_PURPOSE =
  'ยินยอมให้ใช้ข้อมูลส่วนบุคคลที่กรอกเพื่อตรวจสอบเงินบริจาค ออกและจัดส่งใบเสร็จรับเงิน และแจ้งผลทางอีเมล ตามนโยบายคุ้มครองข้อมูลส่วนบุคคล';

const error = (name: string, messageTh: string, messageEn: string): FieldError => ({
  field: name,
  messageTh,
  messageEn,
});

/** Rules across fields, on values each of which passed its own checks. */
function crossChecks(v: TransferDonationForm): FieldError[] {
  const errors: FieldError[] = [];
  if (v.donorType === 'ANONYMOUS') {
    if (v.taxId)
      errors.push(
        error(
          'taxId',
          'ผู้บริจาคที่ไม่ประสงค์ออกนามไม่ต้องระบุเลขประจำตัว',
          'An anonymous donor gives no citizen or tax id',
        ),
      );
    if (v.receiptDelivery !== 'NONE')
      errors.push(
        error(
          'receiptDelivery',
          'ใบเสร็จออกในนามผู้บริจาค ผู้ไม่ประสงค์ออกนามจึงขอรับใบเสร็จไม่ได้',
          'A receipt names its donor, so an anonymous donor cannot ask for one',
        ),
      );
  } else {
    if (!v.donorName) errors.push(error('donorName', 'กรุณาระบุชื่อผู้บริจาค', 'The donor’s name is required'));
    if (!v.taxId)
      errors.push(
        error(
          'taxId',
          'กรุณาระบุเลขประจำตัวประชาชนหรือเลขประจำตัวผู้เสียภาษี 13 หลัก',
          'The 13-digit citizen or tax id is required (except for anonymous donors)',
        ),
      );
  }
  if (v.transferType === 'TRANSFER') {
    if (!v.bank) errors.push(error('bank', 'กรุณาระบุธนาคารที่โอนเงิน', 'The bank of the transfer is required'));
    if (!v.paymentReference)
      errors.push(
        error('paymentReference', 'กรุณาระบุเลขอ้างอิงการโอนเงินตามสลิป', 'The transfer reference is required'),
      );
  }
  if (v.receiptDelivery === 'EMAIL' && !v.email)
    errors.push(
      error('email', 'กรุณาระบุอีเมลสำหรับส่งใบเสร็จ', 'An e-mail address is needed to send the receipt'),
    );
  if (v.receiptDelivery === 'POST') {
    if (!v.addressLine)
      errors.push(
        error('addressLine', 'กรุณาระบุที่อยู่สำหรับส่งใบเสร็จ', 'A postal address is needed for the receipt'),
      );
    if (!v.subDistrict)
      errors.push(error('subDistrict', 'กรุณาเลือกตำบล/แขวง', 'Choose the sub-district of the address'));
  }
  if (v.transferredOn > bangkokToday())
    errors.push(
      error('transferredOn', 'วันที่โอนต้องไม่เป็นวันในอนาคต', 'The transfer date may not be in the future'),
    );
  if (!v.consent)
    errors.push(
      error(
        'consent',
        'กรุณายินยอมตามนโยบายคุ้มครองข้อมูลส่วนบุคคลก่อนส่งแบบฟอร์ม',
        'Please agree to the personal data policy before sending the form',
      ),
    );
  return errors;
}

/** The JSON text of the form's `donation` field, checked; 400 naming every wrong field. */
export function parseTransferDonation(json: string | undefined): TransferDonationForm {
  if (json === undefined)
    throw badInput(
      'ไม่พบข้อมูลการบริจาคในแบบฟอร์ม (donation)',
      'The form has no donation data (field "donation")',
    );
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw badInput('ข้อมูลการบริจาคอ่านไม่ได้ (ไม่ใช่ JSON)', 'The donation data is not valid JSON');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badInput('ข้อมูลการบริจาคต้องเป็นออบเจกต์', 'The donation data must be an object');
  const given = raw as Record<string, unknown>;
  const known = new Set(transferDonationFields.map((f) => f.name));
  const errors: FieldError[] = Object.keys(given)
    .filter((k) => !known.has(k))
    .slice(0, 10)
    .map((k) => error(k.slice(0, 40), `ไม่รู้จักข้อมูล ${k.slice(0, 40)}`, `Unknown field ${k.slice(0, 40)}`));
  const values: Record<string, unknown> = {};
  for (const f of transferDonationFields) {
    const checked = checkValue(f, given[f.name]);
    if ('error' in checked) errors.push(checked.error);
    else values[f.name] = checked.value;
  }
  if (errors.length) throw validationError(errors);
  const form = values as unknown as TransferDonationForm;
  const cross = crossChecks(form);
  if (cross.length) throw validationError(cross);
  return form;
}
