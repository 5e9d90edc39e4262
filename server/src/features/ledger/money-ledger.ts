import type { EntityManager } from '@mikro-orm/postgresql';
import type { MoneyMovementType } from './ledger.entity';
import { moneyShortfall } from './ledger.errors';
import { isNegative, magnitudeOf, moneyOf, negate, signedMoneyOf } from './ledger-values';
import { MoneyPostings, type PostedMoney } from './money-postings';
import { type PostingSource, requireId } from './stock-postings';

export type MoneyIn = Extract<MoneyMovementType, 'DONATION_IN' | 'INITIAL' | 'ADJUST_IN'>;
export type MoneyOut = Extract<MoneyMovementType, 'DISBURSEMENT_OUT' | 'ADJUST_OUT'>;

/** The money side of LedgerService (`ledger.money`): one balance per money account. */
export class MoneyLedger {
  readonly postings: MoneyPostings;

  constructor(
    em: EntityManager,
    private readonly checkSource: (source: PostingSource) => void,
  ) {
    this.postings = new MoneyPostings(em);
  }

  /** Money in: a donation approved, an account's initial money, a correction upwards. */
  credit(
    line: { accountId: number; amount: string; type: MoneyIn },
    source: PostingSource,
  ): Promise<PostedMoney> {
    return this.post(line.accountId, moneyOf(line.amount), line.type, source);
  }

  /** Money out: a disbursement delivered, a correction downwards. Refused (409) below zero. */
  debit(
    line: { accountId: number; amount: string; type: MoneyOut },
    source: PostingSource,
  ): Promise<PostedMoney> {
    return this.post(line.accountId, negate(moneyOf(line.amount)), line.type, source);
  }

  /** A signed correction: ADJUST_IN when positive, ADJUST_OUT when negative. */
  adjust(line: { accountId: number; amount: string }, source: PostingSource): Promise<PostedMoney> {
    const amount = signedMoneyOf(line.amount);
    return this.post(line.accountId, amount, isNegative(amount) ? 'ADJUST_OUT' : 'ADJUST_IN', source);
  }

  /** One posting; a refusal names the account, its balance and the amount asked for. */
  async post(
    accountId: number,
    amount: string,
    movementType: MoneyMovementType,
    source: PostingSource,
    reversalOf: string | null = null,
  ): Promise<PostedMoney> {
    this.checkSource(source);
    requireId(accountId, 'บัญชีเงิน', 'accountId');
    const posted = await this.postings.apply(accountId, { movementType, amount, reversalOf }, source);
    if (posted) return posted;
    const [place, available] = await Promise.all([
      this.postings.place(accountId),
      this.postings.balanceOf(accountId),
    ]);
    throw moneyShortfall(place, available, magnitudeOf(amount));
  }
}
