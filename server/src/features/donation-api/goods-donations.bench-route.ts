import { requirePrincipal } from '../../platform/auth/access-guard';
import { scopePathCondition } from '../../platform/auth/data-scope';
import type { RestRoute } from '../../platform/http/rest';
import { goodsDonation } from '../donations';

// The yardstick of `npm run bench` (docs/benchmarks.md): the page the bench asks goodsDonations for
// (donation, donor, storage, items with their resource), written by hand as one SQL statement that
// builds the JSON in PostgreSQL. It answers `{ items }` exactly as GraphQL answers
// `data.goodsDonations` for BENCH_GOODS_QUERY (goods-donations.bench-query.ts; donation-api.test.ts
// and the bench compare the two), so the bench measures what the API's generality costs. Served only with BENCH_ROUTES=1, and then only to the
// holders of the goods donations' view menus, within their data scope: the same rule, in SQL.

const PAGE_SQL = `with page as (
  select d.id, d.number, d.status, d.donation_date, d.objective, d.donator_id, d.storage_id, d.created_at
  from doc_goods_donation d join organisation_unit u on u.id = d.owner_unit_id
  where ?::boolean or u.path like ?
  order by d.created_at desc, d.id desc
  limit ? offset ?
)
select json_build_object('items', coalesce(json_agg(json_build_object(
  'id', p.id, 'number', p.number, 'status', p.status,
  'donationDate', to_char(p.donation_date, 'YYYY-MM-DD'), 'objective', p.objective,
  'donor', json_build_object('id', dn.id, 'code', dn.code, 'nameTh', dn.name_th),
  'storage', json_build_object('id', s.id, 'code', s.code, 'nameTh', s.name_th),
  'items', (
    select coalesce(json_agg(json_build_object(
      'lineNo', l.line_no, 'quantity', l.quantity::text, 'unitValue', l.unit_value::text,
      'resource', json_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th)
    ) order by l.line_no), '[]'::json)
    from doc_goods_donation_line l join ref_resource r on r.id = l.resource_id
    where l.document_id = p.id)
) order by p.created_at desc, p.id desc), '[]'::json))::text as body
from page p join ref_donator dn on dn.id = p.donator_id join ref_storage s on s.id = p.storage_id`;

export const benchGoodsRoute: RestRoute = {
  method: 'GET',
  url: '/bench/goods-donations',
  access: { menu: goodsDonation.menus.view },
  schema: {
    querystring: {
      type: 'object',
      properties: {
        currentPage: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
        rows: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
      },
      additionalProperties: false,
    },
  },
  async handler(request, reply) {
    const { currentPage, rows } = request.query as { currentPage: number; rows: number };
    const principal = requirePrincipal(await request.authenticate());
    // The data-scope rule of platform/auth/data-scope.ts: everything, a unit's subtree, or nothing.
    const path = scopePathCondition(principal) as { $like?: string } | null;
    const [row] = await request.em
      .getConnection()
      .execute<{ body: string }[]>(PAGE_SQL, [
        path === null,
        path?.$like ?? '',
        rows,
        (currentPage - 1) * rows,
      ]);
    return reply.header('content-type', 'application/json; charset=utf-8').send(row.body);
  },
};
