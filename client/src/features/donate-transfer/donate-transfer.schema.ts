import { DateTime } from 'luxon';
import { BANGKOK_ZONE, formatBE, parseBE } from '../../platform/dates';
import { type AddressValue, EMPTY_ADDRESS } from '../../ui/form/address-value';
import { isValidCitizenId } from '../../ui/validation/citizen-id';
import { EMAIL_MAX } from '../../ui/validation/schemas';
import { messageWithValues } from '../../ui/validation/validation-messages';
import { boolean, mixed, number, object, type StringSchema, string } from '../../ui/validation/yup';

// The form of /donate-money-by-bank-transfer: its values, the checks a person sees before sending
// (the server checks the same again, and its field errors land under the same fields), and what is
// sent (the JSON `donation` field beside the slip; server/src/features/donate-transfer).

export type DonorType = 'PERSON' | 'JURISTIC' | 'ANONYMOUS';
export type ReceiptDelivery = 'NONE' | 'EMAIL' | 'POST';

export interface DonateTransferValues {
  /** The province the unit list is narrowed to ('' none chosen, 'central' for central offices). */
  province: string;
  unitId: string;
  moneyAccountId: string;
  /** Baht as typed, e.g. 1500 or 1500.50. */
  amount: string;
  transferType: 'TRANSFER' | 'PROMPTPAY';
  bank: string;
  paymentReference: string;
  /** dd/mm/yyyy, Buddhist era. */
  transferredOn: string;
  objective: string;
  donorType: DonorType;
  donorName: string;
  taxId: string;
  phone: string;
  email: string;
  receiptDelivery: ReceiptDelivery;
  addressLine: string;
  address: AddressValue;
  slip: File | null;
  consent: boolean;
}

export function initialDonateTransferValues(now: DateTime = DateTime.now()): DonateTransferValues {
  return {
    province: '',
    unitId: '',
    moneyAccountId: '',
    amount: '',
    transferType: 'TRANSFER',
    bank: '',
    paymentReference: '',
    transferredOn: formatBE(now),
    objective: 'GENERAL',
    donorType: 'PERSON',
    donorName: '',
    taxId: '',
    phone: '',
    email: '',
    receiptDelivery: 'EMAIL',
    addressLine: '',
    address: EMPTY_ADDRESS,
    slip: null,
    consent: false,
  };
}

/** Attachments the server takes (platform/files): images and PDF, judged again there by content. */
export const SLIP_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const SLIP_EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;
/** The server's default attachment limit (ATTACHMENT_MAX_BYTES); a server with another says so itself. */
export const SLIP_MAX_BYTES = 2 * 1024 * 1024;

/** Digits and one point: what a money field keeps of what is typed (1,500.50 → 1500.50). */
export const normaliseAmount = (typed: string) => typed.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const PHONE = /^[0-9+()\-,# ]*$/;

/** The whole form, for a rule that depends on another answer. */
type Form = DonateTransferValues;

/**
 * Required only when the rest of the form says so (yup's `when` without its `then`, which the linter
 * rightly keeps off plain objects).
 */
function requiredIf<S extends StringSchema<string | undefined>>(
  schema: S,
  applies: (form: Form) => boolean,
  message = 'validation.required',
): S {
  return schema.test('required-if', message, function (value) {
    return !applies(this.parent as Form) || Boolean(value?.trim());
  }) as S;
}

const transfer = (form: Form) => form.transferType === 'TRANSFER';
const named = (form: Form) => form.donorType !== 'ANONYMOUS';
const byPost = (form: Form) => named(form) && form.receiptDelivery === 'POST';

export const donateTransferSchema = object({
  unitId: string().required('validation.choose'),
  moneyAccountId: string().required('validation.choose'),
  amount: string()
    .trim()
    .required('validation.required')
    .matches(AMOUNT, messageWithValues('validation.decimal', { scale: 2 }))
    .test(
      'positive',
      messageWithValues('validation.moreThan', { more: 0 }),
      (value) => !value || Number(value) > 0,
    ),
  transferType: string().oneOf(['TRANSFER', 'PROMPTPAY']).required(),
  bank: requiredIf(string(), transfer, 'validation.choose'),
  paymentReference: requiredIf(string().trim().max(50), transfer),
  transferredOn: string()
    .trim()
    .required('validation.required')
    .test('be-date', 'validation.beDate', (value) => !value || parseBE(value).isValid)
    .test(
      'not-future',
      'validation.notFuture',
      (value) => !value || !parseBE(value).isValid || parseBE(value) <= DateTime.now().setZone(BANGKOK_ZONE),
    ),
  objective: string().required('validation.choose'),
  donorType: string().oneOf(['PERSON', 'JURISTIC', 'ANONYMOUS']).required(),
  donorName: requiredIf(string().trim().max(255), named),
  taxId: requiredIf(string().trim(), named).test('citizen-id', 'validation.citizenId', function (value) {
    return !named(this.parent as Form) || !value || isValidCitizenId(value);
  }),
  phone: string().trim().max(100).matches(PHONE, 'validation.phone'),
  email: requiredIf(
    string().trim().max(EMAIL_MAX).email('validation.email'),
    (form) => named(form) && form.receiptDelivery === 'EMAIL',
  ),
  receiptDelivery: string().oneOf(['NONE', 'EMAIL', 'POST']).required(),
  addressLine: requiredIf(string().trim().max(500), byPost),
  address: object({ subDistrictId: number().nullable() }).test(
    'sub-district',
    'validation.choose',
    function (value) {
      if (!byPost(this.parent as Form) || value?.subDistrictId) return true;
      return this.createError({ path: `${this.path}.subDistrictId`, message: 'validation.choose' });
    },
  ),
  slip: mixed<File>()
    .nullable()
    .required('validation.slip')
    .test(
      'type',
      'validation.fileType',
      (file) => !file || SLIP_TYPES.includes(file.type as never) || SLIP_EXTENSIONS.test(file.name),
    )
    .test(
      'size',
      messageWithValues('validation.fileSize', { max: '2 MB' }),
      (file) => !file || file.size <= SLIP_MAX_BYTES,
    ),
  consent: boolean().oneOf([true], 'validation.consentForm'),
});

/** The `donation` JSON the server reads: blanks as null, the date as ISO, what does not apply left out. */
export function toDonationPayload(
  values: DonateTransferValues,
  idempotencyKey: string,
): Record<string, unknown> {
  const blank = (text: string) => text.trim() || null;
  const anonymous = values.donorType === 'ANONYMOUS';
  const transfer = values.transferType === 'TRANSFER';
  const delivery: ReceiptDelivery = anonymous ? 'NONE' : values.receiptDelivery;
  return {
    unitId: Number(values.unitId),
    moneyAccountId: Number(values.moneyAccountId),
    amount: values.amount.trim(),
    transferType: values.transferType,
    bank: transfer ? blank(values.bank) : null,
    paymentReference: transfer ? blank(values.paymentReference) : null,
    transferredOn: parseBE(values.transferredOn).toISODate(),
    objective: values.objective,
    donorType: values.donorType,
    donorName: anonymous ? null : blank(values.donorName),
    taxId: anonymous ? null : blank(values.taxId),
    phone: blank(values.phone),
    email: blank(values.email)?.toLowerCase() ?? null,
    receiptDelivery: delivery,
    addressLine: delivery === 'POST' ? blank(values.addressLine) : null,
    subDistrict: delivery === 'POST' ? values.address.subDistrictId : null,
    consent: values.consent,
    idempotencyKey,
  };
}

/** Where a server field error belongs in this form (the server's `subDistrict` is the address's part). */
export const formFieldOf = (serverField: string) =>
  serverField === 'subDistrict' ? 'address.subDistrictId' : serverField;
