import { LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { DonationKind } from '../donation-history';
import { donator } from '../reference';
import { markKeyed, unmarkKeyed } from './e-donation.marks';
import { E_DONATION_EXPORT_MENU, E_DONATION_VIEW_MENU, eDonationPage } from './e-donation.queries';
import {
  EDonationKeying,
  EDonationMarkResultType,
  EDonationPageType,
  EDonationRowRefInput,
} from './e-donation.type';

/** view-data-revenue (MN-112) lists; export-data-revenue (MN-111) also downloads and marks. */
@Resolver()
export class EDonationResolver {
  @Query(() => EDonationPageType, {
    description:
      'The e-Donation rows in the caller’s data scope, oldest donation first, with totals over everything the filters select: approved money donations and goods donations approved at level 2 valued above zero, whose donor has a citizen or tax id. from/to: donation dates yyyy-mm-dd, inclusive; unitCode: that unit’s subtree (within the caller’s scope, else 403).',
  })
  @Menu(E_DONATION_VIEW_MENU, E_DONATION_EXPORT_MENU)
  async eDonationRows(
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @MaxLength(32) @Arg('unitCode', () => String, { nullable: true }) unitCode: string | null,
    @Arg('keying', () => EDonationKeying, { nullable: true }) keying: EDonationKeying | null,
    @Arg('kind', () => DonationKind, { nullable: true }) kind: DonationKind | null,
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: 50 }) rows: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EDonationPageType> {
    const principal = requirePrincipal(ctx.auth);
    const page = await eDonationPage(
      ctx.em,
      principal,
      { from, to, unitCode, keying, kind },
      { currentPage, rows },
      { origin: { ip: ctx.ip, requestId: ctx.requestId } },
    );
    // Donors' names and ids: a staff read of personal data (PDPA), one audit event per request.
    notePersonalDataRead(
      principal,
      donator.type,
      page.items.map((r) => r.donorId),
      'eDonationRows',
    );
    return { ...page, currentPage, rows };
  }

  @Mutation(() => EDonationMarkResultType, {
    description:
      'Marks rows as keyed into the Revenue Department’s e-Donation system by the caller, now; a row already marked keeps its mark. All or nothing: a row that does not exist is 404, outside the caller’s scope 403, not an e-Donation row 409. At most 500 rows.',
  })
  @Menu(E_DONATION_EXPORT_MENU)
  async markEDonationKeyed(
    @Arg('donations', () => [EDonationRowRefInput]) donations: EDonationRowRefInput[],
    @Ctx() ctx: GraphQLContext,
  ): Promise<EDonationMarkResultType> {
    const principal = requirePrincipal(ctx.auth);
    const outcome = await markKeyed(ctx.em, principal, donations, { ip: ctx.ip, requestId: ctx.requestId });
    notePersonalDataRead(
      principal,
      donator.type,
      outcome.rows.map((r) => r.donorId),
      'markEDonationKeyed',
    );
    return outcome;
  }

  @Mutation(() => EDonationMarkResultType, {
    description:
      'Takes back the keyed-in mark of rows, with a reason (kept with the mark and audited); a row not marked stays so. Same refusals as markEDonationKeyed.',
  })
  @Menu(E_DONATION_EXPORT_MENU)
  async unmarkEDonationKeyed(
    @Arg('donations', () => [EDonationRowRefInput]) donations: EDonationRowRefInput[],
    @MaxLength(500) @Arg('reason', () => String) reason: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EDonationMarkResultType> {
    const principal = requirePrincipal(ctx.auth);
    const outcome = await unmarkKeyed(ctx.em, principal, donations, reason, {
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    notePersonalDataRead(
      principal,
      donator.type,
      outcome.rows.map((r) => r.donorId),
      'unmarkEDonationKeyed',
    );
    return outcome;
  }
}
