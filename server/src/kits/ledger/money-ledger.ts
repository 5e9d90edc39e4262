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

  /**
   * Holds money for an approved disbursement: the balance stays, the available money (balance −
   * reserved) drops. Refused (409 SHORTFALL, kind MONEY) beyond the available money.
   */
  reserve(line: { accountId: number; amount: string }, source: PostingSource): Promise<PostedMoney> {
    const amount = moneyOf(line.amount);
    return this.post(line.accountId, '0', 'RESERVE', source, null, amount);
  }

  /** Gives back what a reservation held (kind MONEY_RESERVED when the account holds less reserved). */
  release(line: { accountId: number; amount: string }, source: PostingSource): Promise<PostedMoney> {
    return this.post(line.accountId, '0', 'RELEASE', source, null, negate(moneyOf(line.amount)));
  }

  /**
   * Pays reserved money out (a money disbursement delivered): balance and reserved part drop
   * together, in one movement, so nothing can come between a release and the debit.
   */
  debitReserved(
    line: { accountId: number; amount: string; type: MoneyOut },
    source: PostingSource,
  ): Promise<PostedMoney> {
    const amount = negate(moneyOf(line.amount));
    return this.post(line.accountId, amount, line.type, source, null, amount);
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
    reservedDelta = '0',
  ): Promise<PostedMoney> {
    this.checkSource(source);
    requireId(accountId, 'บัญชีเงิน', 'accountId');
    const posted = await this.postings.apply(
      accountId,
      { movementType, amount, reservedDelta, reversalOf },
      source,
    );
    if (posted) return posted;
    const [place, now] = await Promise.all([
      this.postings.place(accountId),
      this.postings.amountsOf(accountId),
    ]);
    // Taking reserved money (a release, a reserved payment) falls short of the reserved part;
    // anything else of the money free to use.
    if (isNegative(reservedDelta))
      throw moneyShortfall(place, now.reserved, magnitudeOf(reservedDelta), 'MONEY_RESERVED');
    const asked = isNegative(amount) ? magnitudeOf(amount) : magnitudeOf(reservedDelta);
    throw moneyShortfall(place, now.available, asked);
  }
}
