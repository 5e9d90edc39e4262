import type { MenuCode } from '@namjai/common/menu-catalogue';
import { Ctx, Int, Query, Resolver } from 'type-graphql';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { type PendingWork, pendingWorkOf } from './pending-work.service';
import { PendingWorkType } from './pending-work.type';

/** Pending work notifications (notification-pending-work, MN-106). */
export const PENDING_WORK_MENU: MenuCode = 'MN-106';

export const toPendingWorkType = (work: PendingWork): PendingWorkType => ({
  total: work.total,
  groups: work.groups.map((g) => ({
    source: g.source,
    kind: g.kind,
    documentType: g.documentType,
    labelTh: g.label.th,
    labelEn: g.label.en,
    status: g.status,
    statusLabelTh: g.statusLabel.th,
    statusLabelEn: g.statusLabel.en,
    action: g.action,
    actionLabelTh: g.actionLabel.th,
    actionLabelEn: g.actionLabel.en,
    menuCode: g.menuCode,
    link: g.link,
    count: g.count,
    items: g.items.map((i) => ({
      documentType: i.documentType,
      id: i.id,
      number: i.number,
      status: i.status,
      unitNameTh: i.unit?.th ?? null,
      unitNameEn: i.unit?.en ?? null,
      date: i.date,
    })),
  })),
});

@Resolver()
export class PendingWorkResolver {
  @Query(() => PendingWorkType, {
    description:
      'What waits for the caller: documents and requests on which their menus and data scope allow the next step, grouped by type, status and action, newest first.',
  })
  @Menu(PENDING_WORK_MENU)
  async pendingWork(@Ctx() ctx: GraphQLContext): Promise<PendingWorkType> {
    return toPendingWorkType(await pendingWorkOf(ctx.em, requirePrincipal(ctx.auth)));
  }

  @Query(() => Int, { description: 'How many things wait for the caller (the top bar’s badge).' })
  @Menu(PENDING_WORK_MENU)
  async pendingWorkCount(@Ctx() ctx: GraphQLContext): Promise<number> {
    return (await pendingWorkOf(ctx.em, requirePrincipal(ctx.auth), 0)).total;
  }
}
