import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../platform/errors';
import type { MoneyMovementType } from './ledger.entity';
import type { MoneyPlace } from './ledger.errors';
import type { PostingSource } from './stock-postings';

// The money ledger's SQL: one guarded statement per posting, as for stock (stock-postings.ts).

export interface MoneyChange {
  movementType: MoneyMovementType;
  /** Signed change of the balance (decimal string). */
  amount: string;
  /** Signed change of the reserved part (decimal string; none by default). */
  reservedDelta?: string;
  reversalOf?: string | null;
}

export interface PostedMoney {
  movementId: string;
  balanceId: number;
  amount: string;
  /** The account's balance after this posting. */
  balance: string;
  reservedDelta: string;
}

const movementInsert = `,
m as (
  insert into money_movement (balance_id, account_id, movement_type, amount, reserved_delta, reversal_of_id,
    document_type, document_id, document_line_id, created_by_id, created_at)
  select b.id, b.account_id, ?, d.a, d.r, ?::bigint, ?, ?::int, ?::int, ?::int, now() from b cross join d
  returning id, balance_id, amount, reserved_delta
)
select m.id, m.balance_id, m.amount::text as amount, m.reserved_delta::text as reserved_delta,
  b.balance::text as balance from m cross join b`;

const isNonZero = (value: string) => !/^[-+]?0*(\.0*)?$/.test(value);

export class MoneyPostings {
  constructor(private readonly em: EntityManager) {}

  async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.em.execute(sql, params)) as unknown as T[];
  }

  /**
   * Money in creates the account's balance row when it has none; money out, a reservation or a
   * release must find one whose balance stays at or above zero and whose reserved part stays within
   * it: a plain debit can take only the available money (balance − reserved). Null when refused.
   */
  async apply(accountId: number, change: MoneyChange, source: PostingSource): Promise<PostedMoney | null> {
    const reservedDelta = change.reservedDelta ?? '0';
    const plainIn = !change.amount.startsWith('-') && !isNonZero(reservedDelta);
    const balance = plainIn
      ? `insert into money_balance as mb (account_id, balance, updated_at) select ?::int, d.a, now() from d
         on conflict (account_id) do update set balance = mb.balance + excluded.balance, updated_at = now()
         where mb.balance + excluded.balance >= mb.reserved
         returning mb.id, mb.account_id, mb.balance`
      : `update money_balance mb set balance = mb.balance + d.a, reserved = mb.reserved + d.r,
           updated_at = now() from d
         where mb.account_id = ? and mb.reserved + d.r >= 0 and mb.balance + d.a >= mb.reserved + d.r
         returning mb.id, mb.account_id, mb.balance`;
    const [row] = await this.rows<{
      id: string;
      balance_id: number;
      amount: string;
      reserved_delta: string;
      balance: string;
    }>(`with d as (select ?::numeric as a, ?::numeric as r), b as (${balance})${movementInsert}`, [
      change.amount,
      reservedDelta,
      accountId,
      change.movementType,
      change.reversalOf ?? null,
      source.documentType,
      source.documentId,
      source.lineId ?? null,
      source.userId,
    ]);
    return row
      ? {
          movementId: String(row.id),
          balanceId: row.balance_id,
          amount: row.amount,
          reservedDelta: row.reserved_delta,
          balance: row.balance,
        }
      : null;
  }

  /** The account's balance now ('0.00' before its first posting). */
  async balanceOf(accountId: number): Promise<string> {
    return (await this.amountsOf(accountId)).balance;
  }

  /** The account's balance, reserved part and available money (balance − reserved) now. */
  async amountsOf(accountId: number): Promise<{ balance: string; reserved: string; available: string }> {
    const [row] = await this.rows<{ balance: string; reserved: string; available: string }>(
      `select balance::text as balance, reserved::text as reserved, (balance - reserved)::text as available
       from money_balance where account_id = ?`,
      [accountId],
    );
    return row ?? { balance: '0.00', reserved: '0.00', available: '0.00' };
  }

  async place(accountId: number): Promise<MoneyPlace> {
    const [row] = await this.rows<{ code: string; name_th: string; name_en: string | null }>(
      'select code, name_th, name_en from ref_money_account where id = ?',
      [accountId],
    );
    if (!row) throw notFound(`ไม่พบบัญชีเงิน ${accountId}`, `No money account ${accountId}`);
    return { accountCode: row.code, accountNameTh: row.name_th, accountNameEn: row.name_en };
  }
}
