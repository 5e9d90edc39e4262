import { LockMode } from '@mikro-orm/core';
import type { MenuCode } from '@namjai/common/menu-catalogue';
import { cancelAction, commonStatuses, defineDocumentType } from '../../kits/documents/document-kit';
import { LedgerService } from '../../kits/ledger/ledger.service';
import { validationError } from '../../kits/reference/reference-check';
import { field } from '../../kits/reference/reference-kit';
import { idOf } from '../../kits/reference/reference-view';
import { FIRST_LIST_YEAR_BE, fiscalYearBE, LAST_YEAR_INPUT_BE } from '../../platform/dates';
import { moneyAccount } from '../reference';

// Initial money (MN-104 save, MN-105 view): the opening balance of a money account for a fiscal
// year, one per account and year, posted to the money ledger. The opening balance of a fiscal year
// that has not begun may be saved (prepared) but not posted: the ledger has no future-dated
// postings, so it would count in today's balance. POST is refused until 1 October of the year
// before (docs/ledger.md, "Initial money").

const SAVE: MenuCode[] = ['MN-104'];

export const initialMoney = defineDocumentType({
  type: 'INITIAL_MONEY',
  prefix: 'IM',
  table: 'doc_initial_money',
  label: { th: 'เงินตั้งต้น', en: 'Initial money' },
  menus: { view: ['MN-105'], create: SAVE, edit: SAVE },
  screens: [
    { key: 'save-initial-money', mode: 'WORK' },
    { key: 'view-initial-money', mode: 'VIEW' },
  ],
  editableIn: ['SAVED'],
  header: [
    field.reference('moneyAccount', { th: 'บัญชีเงิน', en: 'Money account' }, () => moneyAccount, {
      required: true,
      list: true,
    }),
    field.integer(
      'budgetYear',
      { th: 'ปีงบประมาณ (พ.ศ.)', en: 'Fiscal year (B.E.)' },
      { required: true, min: FIRST_LIST_YEAR_BE, max: LAST_YEAR_INPUT_BE, list: true },
    ),
    field.decimal(
      'amount',
      { th: 'จำนวนเงิน (บาท)', en: 'Amount (baht)' },
      { scale: 2, min: 0.01, max: 999_999_999_999, required: true, list: true },
    ),
  ],
  lines: [],
  workflow: {
    statuses: [commonStatuses.SAVED, commonStatuses.POSTED, commonStatuses.CANCELLED],
    initial: 'SAVED',
    transitions: [
      { action: 'POST', label: { th: 'ลงบัญชี', en: 'Post' }, from: ['SAVED'], to: 'POSTED', menu: SAVE },
      cancelAction(['SAVED'], SAVE),
    ],
  },
  owner: 'moneyAccount',
  async validate({ tx, documentId, header }) {
    // The account row is locked first, so two people entering the same account and year queue and
    // the second one sees the first.
    await tx.findOne(
      moneyAccount.entity,
      { id: header.moneyAccount as number },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const same = await tx.count(initialMoney.entity, {
      moneyAccount: header.moneyAccount as number,
      budgetYear: header.budgetYear as number,
      status: { $ne: 'CANCELLED' },
      ...(documentId ? { id: { $ne: documentId } } : {}),
    });
    return same
      ? [
          {
            field: 'budgetYear',
            messageTh: `บัญชีนี้มีเงินตั้งต้นปีงบประมาณ ${header.budgetYear} แล้ว`,
            messageEn: `This account already has initial money for fiscal year ${header.budgetYear}`,
          },
        ]
      : [];
  },
  effects: {
    async POST(ctx) {
      const year = Number(ctx.document.budgetYear);
      const current = fiscalYearBE();
      if (year > current) {
        const startsTh = `1 ตุลาคม ${year - 1}`;
        const startsEn = `1 October ${year - 1 - 543}`;
        throw validationError([
          {
            field: 'budgetYear',
            messageTh:
              `ปีงบประมาณ ${year} ยังไม่เริ่ม (ปีงบประมาณปัจจุบัน ${current}) ลงบัญชีเงินตั้งต้นได้ตั้งแต่ ${startsTh} ` +
              'เอกสารนี้บันทึกไว้ได้ และจะไม่นับในยอดเงินคงเหลือจนกว่าจะลงบัญชี',
            messageEn:
              `Fiscal year ${year} has not begun (the current one is ${current}): its initial money can be posted ` +
              `from ${startsEn}. The document stays saved and does not count in the balance until it is posted`,
          },
        ]);
      }
      await new LedgerService(ctx.tx).money.credit(
        {
          accountId: idOf(ctx.document.moneyAccount) as number,
          amount: String(ctx.document.amount),
          type: 'INITIAL',
        },
        {
          documentType: ctx.type.type,
          documentId: ctx.document.id,
          lineId: null,
          userId: ctx.principal.userId,
        },
      );
    },
  },
});
