import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { DocumentService } from '../../kits/documents/document.service';
import { DocumentTypeName } from '../../kits/documents/document.type';
import { once } from '../../kits/workflow/idempotency';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE } from '../../platform/dates';
import { badInput, notFound } from '../../platform/errors';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { donator } from '../reference';
import { decorationClasses, setDecorationClassValue } from './decoration-classes';
import { eligibleDonors } from './eligible-donors';
import { donationChoices } from './proposal-donations';
import { royalDecoration } from './royal-decoration.document';
import {
  EligibleDonorsType,
  RoyalDecorationClassType,
  RoyalDecorationDonationChoiceType,
  StartedProposalType,
} from './royal-decoration.type';

/** add / edit / cancel / view-royal-decoration (MN-107..MN-110). */
export const ROYAL_DECORATION_MENUS: MenuCode[] = ['MN-107', 'MN-108', 'MN-109', 'MN-110'];
const ADD: MenuCode = 'MN-107';
const EDIT: MenuCode = 'MN-108';

@Resolver()
export class RoyalDecorationResolver {
  @Query(() => [RoyalDecorationClassType], {
    description: 'The classes of the Order of Direkgunabhorn, lowest first, with the value each asks for.',
  })
  @Menu(...ROYAL_DECORATION_MENUS)
  async royalDecorationClasses(@Ctx() ctx: GraphQLContext): Promise<RoyalDecorationClassType[]> {
    return decorationClasses(ctx.em);
  }

  @Mutation(() => RoyalDecorationClassType, {
    description:
      'edit-royal-decoration: sets the cumulative donation value (baht) a class asks for; it must stay above the class below and below the class above.',
  })
  @Menu(EDIT)
  async setRoyalDecorationClassValue(
    @MaxLength(20) @Arg('code', () => String) code: string,
    @MaxLength(20) @Arg('minValue', () => String) minValue: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RoyalDecorationClassType> {
    return setDecorationClassValue(ctx.em, requirePrincipal(ctx.auth), code, minValue, {
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
  }

  @Query(() => EligibleDonorsType, {
    description:
      'Donors whose approved donations in the caller’s data scope, dated up to the end of the fiscal year (B.E.; default the current one) and not yet counted in a live proposal, reach the lowest class; with those donations (report 4.5).',
  })
  @Menu(...ROYAL_DECORATION_MENUS)
  async royalDecorationEligibleDonors(
    @Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE)
    @Arg('fiscalYear', () => Int, { nullable: true })
    fiscalYear: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EligibleDonorsType> {
    const principal = requirePrincipal(ctx.auth);
    const result = await eligibleDonors(ctx.em, principal, fiscalYear);
    notePersonalDataRead(
      principal,
      donator.type,
      result.donors.map((d) => d.donorId),
      'royal decoration eligible donors',
    );
    return result;
  }

  @Mutation(() => StartedProposalType, {
    description:
      'add-royal-decoration: starts a draft proposal of the caller’s unit for an eligible donor, counting the donations the eligible list gives (royalDecorationEligibleDonors); the draft is then edited and proposed through the document kit.',
  })
  @Menu(ADD)
  async startRoyalDecorationProposal(
    @Range(1, 2_147_483_647) @Arg('donorId', () => Int) donorId: number,
    @Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE)
    @Arg('fiscalYear', () => Int, { nullable: true })
    fiscalYear: number | null,
    @MaxLength(100) @Arg('idempotencyKey', () => String, { nullable: true }) idempotencyKey: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<StartedProposalType> {
    const principal = requirePrincipal(ctx.auth);
    if (principal.unitId === null)
      throw badInput(
        'บัญชีของท่านไม่ได้สังกัดหน่วยงาน กรุณาบันทึกรายการเสนอจากแบบฟอร์มและเลือกหน่วยงานที่เสนอ',
        'Your account belongs to no unit; write the proposal in the form and choose the proposing unit',
      );
    // The key covers the whole start: a retry answers the draft it started, though the donor is no
    // longer eligible by then (the donations are counted).
    const operation = `start ${royalDecoration.type} ${donorId}`;
    return ctx.em.transactional((tx) =>
      once(tx, principal.userId, idempotencyKey, operation, { donorId, fiscalYear }, async () => {
        const eligible = await eligibleDonors(tx, principal, fiscalYear);
        const found = eligible.donors.find((d) => d.donorId === donorId);
        if (!found)
          throw notFound(
            'ผู้บริจาครายนี้ไม่อยู่ในรายชื่อผู้มีสิทธิ์ได้รับการเสนอขอพระราชทานในปีงบประมาณนี้',
            'This donor is not on the eligible list for this fiscal year',
          );
        const service = new DocumentService(tx, ctx.auth, royalDecoration, {
          ip: ctx.ip,
          requestId: ctx.requestId,
        });
        const result = await service.create({
          header: { unit: principal.unitId, donor: donorId, proposalYear: eligible.fiscalYear },
          lines: found.donations.map((d) =>
            d.documentType === 'MONEY_DONATION' ? { moneyDonation: d.id } : { goodsDonation: d.id },
          ),
        });
        return { id: result.id, number: result.row?.number ?? '' };
      }),
    );
  }

  @Query(() => [RoyalDecorationDonationChoiceType], {
    description:
      "The pick list of a proposal's moneyDonation or goodsDonation line field: the donor's approved donations of that type, in the caller's data scope, dated by the end of the fiscal year (B.E.) and not counted in another live proposal (`proposal`, the one being edited, keeps its own); the save's own rule. Newest first, at most 200.",
  })
  @Menu(ADD, EDIT)
  async royalDecorationDonationChoices(
    @Range(1, 2_147_483_647) @Arg('donor', () => Int) donor: number,
    @Range(FIRST_LIST_YEAR_BE, LAST_YEAR_INPUT_BE) @Arg('proposalYear', () => Int) proposalYear: number,
    @Arg('documentType', () => DocumentTypeName) documentType: string,
    @Range(1, 2_147_483_647) @Arg('proposal', () => Int, { nullable: true }) proposal: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<RoyalDecorationDonationChoiceType[]> {
    if (documentType !== 'MONEY_DONATION' && documentType !== 'GOODS_DONATION')
      throw badInput(
        'เลือกได้เฉพาะเงินบริจาคหรือสิ่งของบริจาค',
        'Only money donations and goods donations are counted',
      );
    const principal = requirePrincipal(ctx.auth);
    const choices = await donationChoices(ctx.em, principal, { donor, proposalYear, documentType, proposal });
    notePersonalDataRead(
      principal,
      donator.type,
      choices.length ? [donor] : [],
      'royal decoration donation choices',
    );
    return choices;
  }
}
