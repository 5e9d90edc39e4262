import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { DocumentRow } from '../../kits/documents/document-kit';
import { idOf } from '../../kits/reference/reference-view';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { moneyDonation } from '../money-donations';
import { OrganisationUnitType } from '../organisation';
import { DonationReceiptType, loadReceipt, toReceiptType } from '../receipts';
import { dayText, decimalText, loadersOf } from './donation-loaders';
import { documentHeaderFields, donationCount, donationPage, donationWhere } from './donation-page';
import { DonorType, MoneyAccountType } from './donation-parts.type';
import { MoneyDonationPageType, MoneyDonationStatus, MoneyDonationType } from './money-donation.type';

const MAX_ID = 2_147_483_647;

export const toMoneyDonation = (row: DocumentRow): MoneyDonationType => ({
  ...documentHeaderFields(row),
  donatedOn: dayText(row.donatedOn) as string,
  amount: decimalText(row.amount, 2) as string,
  transferType: row.transferType as string,
  bank: (row.bank as string | null) ?? null,
  paymentReference: (row.paymentReference as string | null) ?? null,
  objective: row.objective as string,
  objectiveDetail: (row.objectiveDetail as string | null) ?? null,
  donorId: idOf(row.donor) as number,
  accountId: idOf(row.moneyAccount) as number,
  receivingUnitId: idOf(row.ownerUnit) as number,
});

@Resolver(() => MoneyDonationType)
export class MoneyDonationResolver {
  @Query(() => MoneyDonationPageType, {
    description:
      'Money donations in the caller’s data scope, newest first, with their donor, receiving account ' +
      'and unit and receipt as nested objects (each relation read once per request for the whole ' +
      'page). Filters: the date received from and to (YYYY-MM-DD, inclusive), the status, a unit (it ' +
      'and the units below it) and a donor.',
  })
  @Menu(...moneyDonation.menus.view)
  async moneyDonations(
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('status', () => MoneyDonationStatus, { nullable: true }) status: string | null,
    @Range(1, MAX_ID) @Arg('unitId', () => Int, { nullable: true }) unitId: number | null,
    @Range(1, MAX_ID) @Arg('donorId', () => Int, { nullable: true }) donorId: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<MoneyDonationPageType> {
    const where = donationWhere(
      moneyDonation,
      { date: 'donatedOn', donor: 'donor' },
      requirePrincipal(ctx.auth),
      { from, to, status, unitId, donorId },
    );
    const found = await donationPage(ctx.em, moneyDonation, where, currentPage, rows);
    return {
      items: found.map(toMoneyDonation),
      currentPage,
      rows,
      count: () => donationCount(ctx.em, moneyDonation, where),
    };
  }

  @FieldResolver(() => DonorType)
  donor(@Root() d: MoneyDonationType, @Ctx() ctx: GraphQLContext): Promise<DonorType> {
    return loadersOf(ctx.em).donors.load(d.donorId);
  }

  @FieldResolver(() => MoneyAccountType, { description: 'The account that received the money.' })
  account(@Root() d: MoneyDonationType, @Ctx() ctx: GraphQLContext): Promise<MoneyAccountType> {
    return loadersOf(ctx.em).moneyAccounts.load(d.accountId);
  }

  @FieldResolver(() => OrganisationUnitType, {
    description: 'The division whose account received the money (its owner: the data scope).',
  })
  receivingUnit(@Root() d: MoneyDonationType, @Ctx() ctx: GraphQLContext) {
    return loadersOf(ctx.em).units.load(d.receivingUnitId);
  }

  @FieldResolver(() => DonationReceiptType, {
    nullable: true,
    description: 'The receipt its approval issued (void once the receipt is cancelled); null before.',
  })
  async receipt(
    @Root() d: MoneyDonationType,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DonationReceiptType | null> {
    // The receipts module's own batched loader: the one in force, else the last voided.
    const receipt = await loadReceipt(ctx.em, 'MONEY_DONATION', d.id);
    return receipt ? toReceiptType(receipt, requirePrincipal(ctx.auth).menuCodes) : null;
  }
}

@Resolver(() => MoneyDonationPageType)
export class MoneyDonationPageResolver {
  @FieldResolver(() => Int, {
    description: 'How many donations match, over all pages (counted only when asked for).',
  })
  total(@Root() page: MoneyDonationPageType): Promise<number> {
    return page.count();
  }
}
