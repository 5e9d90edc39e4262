import { LIST_ROWS_DEFAULT, LIST_ROWS_MAX } from '@namjai/common/paging';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, Info, Int, Query, Resolver, Root } from 'type-graphql';
import type { DocumentRow } from '../../kits/documents/document-kit';
import { idOf } from '../../kits/reference/reference-view';
import { requirePrincipal } from '../../platform/auth/access-guard';
import { Menu } from '../../platform/graphql/access';
import type { GraphQLContext } from '../../platform/graphql/context';
import { MaxLength, Range } from '../../platform/graphql/input-limits';
import { selectedFields } from '../../platform/graphql/selection';
import { moneyDisbursement, resourceDisbursement } from '../disbursements';
import {
  dayText,
  decimalText,
  documentHeaderFields,
  donationCount,
  donationPage,
  donationWhere,
  MoneyAccountType,
  prefetch,
  prefetched,
  StorageType,
} from '../donation-api';
import { OrganisationUnitType } from '../organisation';
import {
  DisbursementSupportRequestType,
  MoneyDisbursementPageType,
  MoneyDisbursementStatus,
  MoneyDisbursementType,
  ResourceDisbursementLineType,
  ResourceDisbursementPageType,
  ResourceDisbursementStatus,
  ResourceDisbursementType,
} from './disbursement.type';
import { disbursementLoadersOf } from './disbursement-loaders';

const MAX_ID = 2_147_483_647;

/** The support request a disbursement answers: an id column today, a reference once it is a foreign key. */
const requestOf = (row: DocumentRow): number | null =>
  (row.supportRequestId as number | null | undefined) ?? idOf(row.supportRequest);

/**
 * The header both disbursements show (the documents' header, documentHeaderFields, and the recipient,
 * purpose, support request and owning unit): one mapping for toResourceDisbursement and
 * toMoneyDisbursement.
 */
const disbursementHeaderFields = (row: DocumentRow) => ({
  ...documentHeaderFields(row),
  recipientName: row.recipientName as string,
  recipientAddress: (row.recipientAddress as string | null) ?? null,
  purpose: (row.purpose as string | null) ?? null,
  supportRequestId: requestOf(row),
  owningUnitId: idOf(row.ownerUnit) as number,
});

// Instances of the types, not plain objects: type-graphql makes a field resolver's root one, per
// call, unless it already is (convertToType).
export const toResourceDisbursement = (row: DocumentRow): ResourceDisbursementType =>
  Object.assign(new ResourceDisbursementType(), {
    ...disbursementHeaderFields(row),
    delivery: row.deliveredOn
      ? { deliveredOn: dayText(row.deliveredOn) as string, receivedBy: row.receivedBy as string }
      : null,
    result: row.resultDate
      ? {
          recordedOn: dayText(row.resultDate) as string,
          beneficiaries: row.beneficiaries as number,
          outcome: row.outcome as string,
        }
      : null,
    storageId: idOf(row.storage) as number,
  });

export const toMoneyDisbursement = (row: DocumentRow): MoneyDisbursementType =>
  Object.assign(new MoneyDisbursementType(), {
    ...disbursementHeaderFields(row),
    amount: decimalText(row.amount, 2) as string,
    recipientBank: row.recipientBank as string,
    recipientAccountNumber: row.recipientAccountNumber as string,
    transfer: row.transferredOn
      ? {
          transferredOn: dayText(row.transferredOn) as string,
          transferReference: row.transferReference as string,
        }
      : null,
    accountId: idOf(row.moneyAccount) as number,
  });

/** A support request's header, or null for a disbursement that answers none. */
const requestRead = async (ctx: GraphQLContext, id: number | null) =>
  id ? disbursementLoadersOf(ctx.em).supportRequests.load(id) : null;

/**
 * The divisions of the page's storages (or accounts), read ahead when the caller selected
 * `<relation> { organisation }` (each storage once, from the row its loader kept: no statement).
 */
function prefetchOrganisations(
  ctx: GraphQLContext,
  items: { prefetched?: Record<string, unknown> }[],
  relation: 'storage' | 'account',
  info: GraphQLResolveInfo,
) {
  const owners = new Set(items.map((d) => d.prefetched?.[relation] as StorageType | MoneyAccountType));
  owners.delete(undefined as never);
  const units = disbursementLoadersOf(ctx.em).units;
  return prefetch([...owners], selectedFields(info, ['items', relation]), {
    organisation: (o) => units.load(o.ownerUnitId),
  });
}

const FILTERS =
  'Filters: the delivery (transfer) date from and to (YYYY-MM-DD, inclusive), the status and a unit ' +
  '(it and the units below it).';

@Resolver(() => ResourceDisbursementType)
export class ResourceDisbursementResolver {
  @Query(() => ResourceDisbursementPageType, {
    description:
      'Resource disbursements in the caller’s data scope, newest first, with the support request they ' +
      'answer, their storage, lines (resource, counting unit, lot) and delivery as nested objects (each ' +
      `relation read once per request for the whole page). ${FILTERS}`,
  })
  @Menu(...resourceDisbursement.menus.view)
  async resourceDisbursements(
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('status', () => ResourceDisbursementStatus, { nullable: true }) status: string | null,
    @Range(1, MAX_ID) @Arg('unitId', () => Int, { nullable: true }) unitId: number | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ResourceDisbursementPageType> {
    const where = donationWhere(
      resourceDisbursement,
      { date: 'deliveredOn', donor: 'storage' },
      requirePrincipal(ctx.auth),
      { from, to, status, unitId, donorId: null },
    );
    const found = await donationPage(ctx.em, resourceDisbursement, where, currentPage, rows);
    const items = found.map(toResourceDisbursement);
    const loaders = disbursementLoadersOf(ctx.em);
    await prefetch(items, selectedFields(info, ['items']), {
      supportRequest: (d) => (d.supportRequestId ? loaders.supportRequests.load(d.supportRequestId) : null),
      storage: (d) => loaders.storages.load(d.storageId),
      owningUnit: (d) => loaders.units.load(d.owningUnitId),
      lines: (d) => loaders.resourceLines.load(d.id),
    });
    await prefetchOrganisations(ctx, items, 'storage', info);
    return {
      items,
      currentPage,
      rows,
      count: () => donationCount(ctx.em, resourceDisbursement, where),
    };
  }

  @FieldResolver(() => DisbursementSupportRequestType, {
    nullable: true,
    description: 'The support request it answers, if any.',
  })
  supportRequest(
    @Root() d: ResourceDisbursementType,
    @Ctx() ctx: GraphQLContext,
  ): DisbursementSupportRequestType | null | Promise<DisbursementSupportRequestType | null> {
    return prefetched(d, 'supportRequest', () => requestRead(ctx, d.supportRequestId));
  }

  @FieldResolver(() => StorageType, { description: 'The storage the goods are given out of.' })
  storage(
    @Root() d: ResourceDisbursementType,
    @Ctx() ctx: GraphQLContext,
  ): StorageType | Promise<StorageType> {
    return prefetched(d, 'storage', () => disbursementLoadersOf(ctx.em).storages.load(d.storageId));
  }

  @FieldResolver(() => OrganisationUnitType, {
    description: 'The division that owns the storage (the disbursement’s owner: the data scope).',
  })
  owningUnit(@Root() d: ResourceDisbursementType, @Ctx() ctx: GraphQLContext) {
    return prefetched(d, 'owningUnit', () => disbursementLoadersOf(ctx.em).units.load(d.owningUnitId));
  }

  @FieldResolver(() => [ResourceDisbursementLineType], { description: 'Its lines, in line order.' })
  lines(
    @Root() d: ResourceDisbursementType,
    @Ctx() ctx: GraphQLContext,
  ): ResourceDisbursementLineType[] | Promise<ResourceDisbursementLineType[]> {
    return prefetched(d, 'lines', () => disbursementLoadersOf(ctx.em).resourceLines.load(d.id));
  }
}

@Resolver(() => ResourceDisbursementPageType)
export class ResourceDisbursementPageResolver {
  @FieldResolver(() => Int, {
    description: 'How many disbursements match, over all pages (counted only when asked for).',
  })
  total(@Root() page: ResourceDisbursementPageType): Promise<number> {
    return page.count();
  }
}

@Resolver(() => MoneyDisbursementType)
export class MoneyDisbursementResolver {
  @Query(() => MoneyDisbursementPageType, {
    description:
      'Money disbursements in the caller’s data scope, newest first, with the support request they ' +
      'answer, the paying account and its division and the transfer as nested objects (each relation ' +
      `read once per request for the whole page). ${FILTERS}`,
  })
  @Menu(...moneyDisbursement.menus.view)
  async moneyDisbursements(
    @Range(1) @Arg('currentPage', () => Int, { defaultValue: 1 }) currentPage: number,
    @Range(1, LIST_ROWS_MAX) @Arg('rows', () => Int, { defaultValue: LIST_ROWS_DEFAULT }) rows: number,
    @MaxLength(10) @Arg('from', () => String, { nullable: true }) from: string | null,
    @MaxLength(10) @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('status', () => MoneyDisbursementStatus, { nullable: true }) status: string | null,
    @Range(1, MAX_ID) @Arg('unitId', () => Int, { nullable: true }) unitId: number | null,
    @Ctx() ctx: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<MoneyDisbursementPageType> {
    const where = donationWhere(
      moneyDisbursement,
      { date: 'transferredOn', donor: 'moneyAccount' },
      requirePrincipal(ctx.auth),
      { from, to, status, unitId, donorId: null },
    );
    const found = await donationPage(ctx.em, moneyDisbursement, where, currentPage, rows);
    const items = found.map(toMoneyDisbursement);
    const loaders = disbursementLoadersOf(ctx.em);
    await prefetch(items, selectedFields(info, ['items']), {
      supportRequest: (d) => (d.supportRequestId ? loaders.supportRequests.load(d.supportRequestId) : null),
      account: (d) => loaders.moneyAccounts.load(d.accountId),
      owningUnit: (d) => loaders.units.load(d.owningUnitId),
    });
    await prefetchOrganisations(ctx, items, 'account', info);
    return {
      items,
      currentPage,
      rows,
      count: () => donationCount(ctx.em, moneyDisbursement, where),
    };
  }

  @FieldResolver(() => DisbursementSupportRequestType, {
    nullable: true,
    description: 'The support request it answers, if any.',
  })
  supportRequest(
    @Root() d: MoneyDisbursementType,
    @Ctx() ctx: GraphQLContext,
  ): DisbursementSupportRequestType | null | Promise<DisbursementSupportRequestType | null> {
    return prefetched(d, 'supportRequest', () => requestRead(ctx, d.supportRequestId));
  }

  @FieldResolver(() => MoneyAccountType, { description: 'The account the money is paid from.' })
  account(
    @Root() d: MoneyDisbursementType,
    @Ctx() ctx: GraphQLContext,
  ): MoneyAccountType | Promise<MoneyAccountType> {
    return prefetched(d, 'account', () => disbursementLoadersOf(ctx.em).moneyAccounts.load(d.accountId));
  }

  @FieldResolver(() => OrganisationUnitType, {
    description: 'The division that owns the account (the disbursement’s owner: the data scope).',
  })
  owningUnit(@Root() d: MoneyDisbursementType, @Ctx() ctx: GraphQLContext) {
    return prefetched(d, 'owningUnit', () => disbursementLoadersOf(ctx.em).units.load(d.owningUnitId));
  }
}

@Resolver(() => MoneyDisbursementPageType)
export class MoneyDisbursementPageResolver {
  @FieldResolver(() => Int, {
    description: 'How many disbursements match, over all pages (counted only when asked for).',
  })
  total(@Root() page: MoneyDisbursementPageType): Promise<number> {
    return page.count();
  }
}
