import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { notFound } from '../../platform/errors';
import { Public } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { PromptPayQrType, ReceivingProvinceType } from './donate-transfer.type';
import { promptPayPayload, qrSvg } from './promptpay';
import { receivingAccount, receivingUnits } from './receiving-units';

@Resolver()
export class DonateTransferResolver {
  @Query(() => [ReceivingProvinceType], {
    description:
      'Units that take money donations by transfer (at least one active money account), by province, with their accounts (public).',
  })
  @Public()
  donationReceivingUnits(@Ctx() ctx: GraphQLContext) {
    return receivingUnits(ctx.em);
  }

  @Query(() => PromptPayQrType, {
    description:
      'The PromptPay QR of a receiving account, for an amount in baht when given (public). 404 for an account that takes no PromptPay.',
  })
  @Public()
  async promptPayQr(
    @Range(1, 2_147_483_647) @Arg('moneyAccountId', () => Int) moneyAccountId: number,
    @MaxLength(16) @Arg('amount', () => String, { nullable: true }) amount: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PromptPayQrType> {
    const found = await receivingAccount(ctx.em, moneyAccountId);
    if (!found?.promptPayId) throw notFound('บัญชีนี้ไม่รับพร้อมเพย์', 'This account takes no PromptPay');
    const given = amount?.trim() || null;
    const payload = promptPayPayload(found.promptPayId, given);
    return { payload, svg: await qrSvg(payload), amount: given === null ? null : Number(given).toFixed(2) };
  }
}
