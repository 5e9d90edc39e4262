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
  reversalOf?: string | null;
}

export interface PostedMoney {
  movementId: string;
  balanceId: number;
  amount: string;
  /** The account's balance after this posting. */
  balance: string;
}

const movementInsert = `,
m as (
  insert into money_movement (balance_id, account_id, movement_type, amount, reversal_of_id, document_type,
    document_id, document_line_id, created_by_id, created_at)
  select b.id, b.account_id, ?, d.a, ?::bigint, ?, ?::int, ?::int, ?::int, now() from b cross join d
  returning id, balance_id, amount
)
select m.id, m.balance_id, m.amount::text as amount, b.balance::text as balance from m cross join b`;

export class MoneyPostings {
  constructor(private readonly em: EntityManager) {}

  async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.em.execute(sql, params)) as unknown as T[];
  }

  /**
   * Money in creates the account's balance row when it has none; money out must find one whose
   * balance stays at or above zero. Null when refused.
   */
  async apply(accountId: number, change: MoneyChange, source: PostingSource): Promise<PostedMoney | null> {
    const balance = change.amount.startsWith('-')
      ? `update money_balance mb set balance = mb.balance + d.a, updated_at = now() from d
         where mb.account_id = ? and mb.balance + d.a >= 0
         returning mb.id, mb.account_id, mb.balance`
      : `insert into money_balance as mb (account_id, balance, updated_at) select ?::int, d.a, now() from d
         on conflict (account_id) do update set balance = mb.balance + excluded.balance, updated_at = now()
         where mb.balance + excluded.balance >= 0
         returning mb.id, mb.account_id, mb.balance`;
    const [row] = await this.rows<{ id: string; balance_id: number; amount: string; balance: string }>(
      `with d as (select ?::numeric as a), b as (${balance})${movementInsert}`,
      [
        change.amount,
        accountId,
        change.movementType,
        change.reversalOf ?? null,
        source.documentType,
        source.documentId,
        source.lineId ?? null,
        source.userId,
      ],
    );
    return row
      ? { movementId: String(row.id), balanceId: row.balance_id, amount: row.amount, balance: row.balance }
      : null;
  }

  /** The account's balance now ('0.00' before its first posting). */
  async balanceOf(accountId: number): Promise<string> {
    const [row] = await this.rows<{ balance: string }>(
      'select balance::text as balance from money_balance where account_id = ?',
      [accountId],
    );
    return row?.balance ?? '0.00';
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
