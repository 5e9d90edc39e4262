import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { notePersonalDataRead } from '../../platform/audit/personal-data-reads';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { donator } from '../reference';
import { THANKS_LETTER_MENU, thanksLetterPdfPath } from './thanks-letter.routes';
import { ThanksLetterPageType } from './thanks-letter.type';
import { thanksLetterList } from './thanks-letter-list';

@Resolver()
export class ThanksLetterResolver {
  @Query(() => ThanksLetterPageType, {
    description:
      'view-thanks-letter-list: approved donations (money and goods) in the caller’s data scope, newest first, each with its thanks letter (pdfPath). from/to: donation dates yyyy-mm-dd; search: donor code or name, or the donation number.',
  })
  @Menu(THANKS_LETTER_MENU)
  async thanksLetters(
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @MaxLength(100) @Arg('search', () => String, { nullable: true }) search: string | null,
    @MaxLength(20) @Arg('documentType', () => String, { nullable: true }) documentType: string | null,
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ThanksLetterPageType> {
    const principal = requirePrincipal(ctx.auth);
    const page = await thanksLetterList(ctx.em, principal, {
      from,
      to,
      search,
      documentType,
      currentPage,
      rows,
    });
    notePersonalDataRead(
      principal,
      donator.type,
      page.items.map((i) => i.donorId),
      'thanks letters',
    );
    return {
      ...page,
      items: page.items.map((i) => ({ ...i, pdfPath: thanksLetterPdfPath(i.documentType, i.id) })),
      currentPage,
      rows,
    };
  }
}
