import { banks } from '../../../kits/core/banks.data';
import { defineReferenceType } from '../../../kits/reference/reference-define';
import { type FieldError, field } from '../../../kits/reference/reference-kit';
import { activeRows } from '../../../kits/reference/reference-rows';
import { isValidCitizenId } from '../../../platform/validation/citizen-id';
import { divisionOwned, divisionRows, requireDivisionOwner, unitTreeWith } from './division-lists';

const owned = divisionOwned({ th: 'หน่วยงานเจ้าของบัญชี', en: 'Owning unit' });

/** A PromptPay id is a mobile number (10 digits from 0) or a citizen or tax id (13 with checksum). */
export const isPromptPayId = (id: string) => /^0\d{9}$/.test(id) || isValidCitizenId(id);

/** Money accounts per division: bank accounts that receive money donations, with PromptPay. */
export const moneyAccount = defineReferenceType({
  type: 'MONEY_ACCOUNT',
  key: 'money-account',
  table: 'ref_money_account',
  label: { th: 'บัญชีเงินบริจาค', en: 'Money account' },
  ...owned.declaration,
  fields: [
    field.code({ maxLength: 20 }),
    field.nameTh({ label: { th: 'ชื่อบัญชี', en: 'Account name' } }),
    field.nameEn({ label: { th: 'ชื่อบัญชี (อังกฤษ)', en: 'Account name (English)' } }),
    owned.ownerUnit,
    field.enum(
      'bankCode',
      { th: 'ธนาคาร', en: 'Bank' },
      banks.map((b) => ({ value: b.code, label: { th: b.nameTh, en: b.nameEn } })),
      { required: true, list: true },
    ),
    field.text(
      'accountNumber',
      { th: 'เลขที่บัญชี', en: 'Account number' },
      {
        required: true,
        maxLength: 20,
        list: true,
        search: true,
      },
    ),
    field.text('branch', { th: 'สาขา', en: 'Branch' }, { maxLength: 255 }),
    field.text('promptPayId', { th: 'พร้อมเพย์', en: 'PromptPay id' }, { maxLength: 13, list: true }),
  ],
  async beforeSave(ctx) {
    const { next } = ctx;
    const errors: FieldError[] = await requireDivisionOwner(ctx);
    const account = String(next.accountNumber ?? '').replace(/[\s-]/g, '');
    if (!/^\d{10,15}$/.test(account)) {
      errors.push({
        field: 'accountNumber',
        messageTh: 'เลขที่บัญชีต้องเป็นตัวเลข 10 ถึง 15 หลัก',
        messageEn: 'Account number must be 10 to 15 digits',
      });
    }
    next.accountNumber = account;
    const promptPay = next.promptPayId as string | null;
    if (promptPay !== null && !isPromptPayId(promptPay.replace(/[\s-]/g, ''))) {
      errors.push({
        field: 'promptPayId',
        messageTh: 'พร้อมเพย์ต้องเป็นเบอร์มือถือ 10 หลัก หรือเลขประจำตัว 13 หลักที่ถูกต้อง',
        messageEn: 'PromptPay id must be a 10-digit mobile number or a valid 13-digit id',
      });
    } else if (promptPay !== null) next.promptPayId = promptPay.replace(/[\s-]/g, '');
    return errors;
  },
  legacyLists: [
    {
      method: 'POST',
      url: '/common/div-banknote',
      bodyFields: ['divisionCode'],
      handler: ({ em, type, body }) => divisionRows(em, type, body.divisionCode),
    },
    {
      // The organisation tree with each unit's active money accounts.
      method: 'POST',
      url: '/common/office-type-tree4',
      handler: async ({ em, type }) => unitTreeWith(em, type, await activeRows(em, type), 'accounts'),
    },
  ],
});
