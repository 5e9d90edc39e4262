import { DateTime } from 'luxon';
import type { ReceiptRequestKind } from '../../gql/graphql';
import { BANGKOK_ZONE, parseBE } from '../../platform/dates';
import { type AddressValue, EMPTY_ADDRESS } from '../../ui/form/address-value';
import { normaliseCitizenId } from '../../ui/validation/citizen-id';
import { citizenIdText, emailText, requiredText } from '../../ui/validation/schemas';
import { messageWithValues } from '../../ui/validation/validation-messages';
import { array, boolean, mixed, number, object, string } from '../../ui/validation/yup';
import { formatFileSize } from '../documents';

// The public receipt-request forms (/reqs-receipt-donation-money, /reqs-receipt-donation-resource):
// what a visitor types, the rules checked before sending (the server checks them again, with the
// same limits: server features/receipt-requests/receipt-request.form.ts), and the JSON sent.

/** Lines of goods one request may list, as the server allows. */
export const MAX_ITEMS = 20;

export interface ReceiptRequestItemValues {
  /** The row's identity on screen (not sent): rows keep their inputs when one above is removed. */
  key: string;
  description: string;
  quantity: string;
  unit: string;
}

export interface ReceiptRequestValues {
  requesterType: 'PERSON' | 'JURISTIC';
  requesterName: string;
  taxId: string;
  email: string;
  phone: string;
  provinceId: string;
  unitId: string;
  /** dd/mm/yyyy, Buddhist era. */
  donatedOn: string;
  amount: string;
  items: ReceiptRequestItemValues[];
  evidence: File | null;
  delivery: 'EMAIL' | 'POST';
  addressLine: string;
  address: AddressValue;
  note: string;
  consent: boolean;
}

export const newItem = (): ReceiptRequestItemValues => ({
  key: crypto.randomUUID(),
  description: '',
  quantity: '',
  unit: '',
});

export const initialReceiptRequestValues = (kind: ReceiptRequestKind): ReceiptRequestValues => ({
  requesterType: 'PERSON',
  requesterName: '',
  taxId: '',
  email: '',
  phone: '',
  provinceId: '',
  unitId: '',
  donatedOn: '',
  amount: '',
  items: kind === 'GOODS' ? [newItem()] : [],
  evidence: null,
  delivery: 'EMAIL',
  addressLine: '',
  address: EMPTY_ADDRESS,
  note: '',
  consent: false,
});

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;
const PHONE = /^[0-9+()\-,# ]+$/;
/** Control characters: a name is one line (the server refuses them too). */
const CONTROL = /\p{Cc}/u;

const oneLine = (max: number) =>
  string()
    .trim()
    .max(max)
    .test('one-line', 'validation.invalid', (value) => !value || !CONTROL.test(value));

/** Today on the Bangkok calendar, yyyy-mm-dd. */
const todayIso = () => DateTime.now().setZone(BANGKOK_ZONE).toISODate() ?? '';

/** The rules of both forms; the kind decides between an amount and lines of goods. */
export function receiptRequestSchema(kind: ReceiptRequestKind, maxBytes: number) {
  return object({
    requesterType: string().oneOf(['PERSON', 'JURISTIC'], 'validation.choose').required('validation.choose'),
    requesterName: oneLine(255).required('validation.required'),
    taxId: citizenIdText(),
    email: emailText(),
    phone: requiredText()
      .max(100)
      .test(
        'phone',
        'validation.phone',
        (value) => !value || (PHONE.test(value) && (value.match(/\d/g) ?? []).length >= 9),
      ),
    unitId: string().required('validation.choose'),
    donatedOn: requiredText()
      .test('be-date', 'validation.beDate', (value) => !value || parseBE(value).isValid)
      .test('not-future', 'validation.notFuture', (value) => {
        const day = value ? parseBE(value) : null;
        return !day?.isValid || (day.toISODate() ?? '') <= todayIso();
      }),
    amount:
      kind === 'MONEY'
        ? requiredText()
            .matches(AMOUNT, messageWithValues('validation.decimal', { scale: 2 }))
            .test('positive', messageWithValues('validation.moreThan', { more: 0 }), (value) =>
              value ? Number(value) > 0 : true,
            )
        : string(),
    items:
      kind === 'GOODS'
        ? array(
            object({
              description: oneLine(200).required('validation.required'),
              quantity: requiredText()
                .matches(QUANTITY, messageWithValues('validation.decimal', { scale: 3 }))
                .test('positive', messageWithValues('validation.moreThan', { more: 0 }), (value) =>
                  value ? Number(value) > 0 : true,
                ),
              unit: oneLine(50),
            }),
          )
            .min(1, messageWithValues('validation.linesAtLeast', { min: 1 }))
            .max(MAX_ITEMS, messageWithValues('validation.atMost', { max: MAX_ITEMS }))
        : array(),
    evidence: mixed<File>()
      .nullable()
      .test('required', 'validation.fileRequired', (file) => kind !== 'MONEY' || Boolean(file))
      .test(
        'size',
        messageWithValues('validation.fileSize', { max: formatFileSize(maxBytes, 'th') }),
        (file) => !file || file.size <= maxBytes,
      )
      .test('empty', 'validation.fileEmpty', (file) => !file || file.size > 0),
    delivery: string().oneOf(['EMAIL', 'POST'], 'validation.choose').required('validation.choose'),
    addressLine: oneLine(500).when('delivery', ([delivery], schema) =>
      delivery === 'POST' ? schema.required('validation.required') : schema,
    ),
    address: object({ subDistrictId: number().nullable() }).when('delivery', ([delivery], schema) =>
      delivery === 'POST'
        ? schema.shape({ subDistrictId: number().nullable().required('validation.choose') })
        : schema,
    ),
    note: string().trim().max(1000),
    consent: boolean().oneOf([true], 'validation.consentForm'),
  });
}

/** The JSON of the form's `request` field, as the server reads it. */
export function toReceiptRequestJson(
  kind: ReceiptRequestKind,
  values: ReceiptRequestValues,
  idempotencyKey: string,
): Record<string, unknown> {
  const post = values.delivery === 'POST';
  return {
    unitId: Number(values.unitId),
    requesterType: values.requesterType,
    requesterName: values.requesterName.trim(),
    taxId: normaliseCitizenId(values.taxId),
    email: values.email.trim().toLowerCase(),
    phone: values.phone.trim(),
    donatedOn: parseBE(values.donatedOn).toISODate(),
    ...(kind === 'MONEY'
      ? { amount: values.amount.trim() }
      : {
          items: values.items.map((item) => ({
            description: item.description.trim(),
            quantity: item.quantity.trim(),
            unit: item.unit.trim() || null,
          })),
        }),
    delivery: values.delivery,
    addressLine: post ? values.addressLine.trim() : null,
    subDistrict: post ? values.address.subDistrictId : null,
    note: values.note.trim() || null,
    consent: values.consent,
    idempotencyKey,
  };
}

/** Where a server field error goes in this form (items.0.quantity stays; subDistrict is the address's). */
export function receiptRequestErrorPath(field: string): string {
  if (field === 'subDistrict') return 'address.subDistrictId';
  return field;
}
