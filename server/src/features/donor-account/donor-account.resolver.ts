import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Donor } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength } from '../../platform/graphql/input-limits';
import { DonationKind } from '../donation-history';
import {
  DonorLinkResultType,
  DonorLinkStatus,
  LinkedDonorType,
  MyDonationHistoryType,
} from './donor-account.type';
import { donorDonations, taxYearTotals } from './donor-history.queries';
import { DonorLinkService, linkedDonatorIds } from './donor-links';
import { donorReceiptPdfUrl } from './donor-receipt.routes';

const links = (ctx: GraphQLContext) =>
  new DonorLinkService(ctx.em, ctx.deps, { ip: ctx.ip, requestId: ctx.requestId });

/** The logged-in donor's own history and the links that decide what it holds (group UG-I01). */
@Resolver()
export class DonorAccountResolver {
  @Query(() => MyDonationHistoryType, {
    description:
      'The donor’s linked donor records, their goods and money donations with receipts, and the receipts’ totals per tax year.',
  })
  @Donor()
  async myDonationHistory(@Ctx() ctx: GraphQLContext): Promise<MyDonationHistoryType> {
    const principal = requirePrincipal(ctx.auth);
    const ids = await linkedDonatorIds(ctx.em, principal.userId);
    const [donors, donations, taxYears] = await Promise.all([
      links(ctx).linked(principal.userId),
      donorDonations(ctx.em, ids),
      taxYearTotals(ctx.em, ids),
    ]);
    return {
      donors,
      donations: donations.map((d) => ({
        ...d,
        kind: d.kind as DonationKind,
        receipt: d.receipt ? { ...d.receipt, pdfUrl: donorReceiptPdfUrl(d.receipt.id) } : null,
      })),
      taxYears,
    };
  }

  @Mutation(() => DonorLinkResultType, {
    description:
      'Links the donor record with this citizen or tax id: at once when its e-mail on record is the account’s, else a one-time code goes to that e-mail (confirmDonorLink).',
  })
  @Donor()
  async linkDonorRecord(
    @MaxLength(20) @Arg('taxId', () => String) taxId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DonorLinkResultType> {
    const result = await links(ctx).request(requirePrincipal(ctx.auth), taxId);
    return { status: DonorLinkStatus[result.status], donor: result.donor };
  }

  @Mutation(() => LinkedDonorType, {
    description: 'Links the donor record with the code mailed to its e-mail.',
  })
  @Donor()
  confirmDonorLink(
    @MaxLength(20) @Arg('taxId', () => String) taxId: string,
    @MaxLength(10) @Arg('code', () => String) code: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LinkedDonorType> {
    return links(ctx).confirm(requirePrincipal(ctx.auth), taxId, code);
  }

  @Mutation(() => Boolean, {
    description: 'Ends the account’s link to a donor record; false when there was none.',
  })
  @Donor()
  unlinkDonorRecord(
    @Arg('donatorId', () => ID) donatorId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    return links(ctx).unlink(requirePrincipal(ctx.auth), Number(donatorId));
  }
}
