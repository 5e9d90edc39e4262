import { requirePrincipal } from '../../platform/auth/access-guard';
import { scopePathCondition } from '../../platform/auth/data-scope';
import type { RestRoute } from '../../platform/http/rest';
import { resourceDisbursement } from '../disbursements';

// The yardstick of `npm run bench` for the disbursements API (docs/benchmarks.md), as
// goods-donations.bench-route.ts is for the donations API: the page the bench asks
// resourceDisbursements for (disbursement, support request, storage and its division, delivery, result,
// lines with their resource and counting unit), written by hand as one SQL statement that builds the
// JSON in PostgreSQL. It answers `{ items }` exactly as GraphQL answers `data.resourceDisbursements`
// for BENCH_DISBURSEMENTS_QUERY (resource-disbursements.bench-query.ts; disbursement-api.test.ts and
// the bench compare the two). Served only with BENCH_ROUTES=1, to the holders of the resource
// disbursements' view menus, within their data scope.

const PAGE_SQL = `with page as (
  select d.id, d.number, d.status, d.recipient_name, d.support_request_id, d.storage_id, d.delivered_on,
    d.received_by, d.result_date, d.beneficiaries, d.outcome, d.created_at
  from doc_resource_disbursement d join organisation_unit u on u.id = d.owner_unit_id
  where ?::boolean or u.path like ?
  order by d.created_at desc, d.id desc
  limit ? offset ?
)
select json_build_object('items', coalesce(json_agg(json_build_object(
  'id', p.id, 'number', p.number, 'status', p.status, 'recipientName', p.recipient_name,
  'supportRequest', case when rq.id is null then null else json_build_object(
    'id', rq.id, 'number', rq.number, 'status', rq.status, 'province', rq.province, 'urgency', rq.urgency) end,
  'storage', json_build_object('id', s.id, 'code', s.code, 'nameTh', s.name_th,
    'organisation', json_build_object('id', su.id::text, 'code', su.code, 'nameTh', su.name_th)),
  'delivery', case when p.delivered_on is null then null else json_build_object(
    'deliveredOn', to_char(p.delivered_on, 'YYYY-MM-DD'), 'receivedBy', p.received_by) end,
  'result', case when p.result_date is null then null else json_build_object(
    'recordedOn', to_char(p.result_date, 'YYYY-MM-DD'), 'beneficiaries', p.beneficiaries, 'outcome', p.outcome) end,
  'lines', (
    select coalesce(json_agg(json_build_object(
      'lineNo', l.line_no, 'lot', l.lot, 'expiryDate', to_char(l.expiry_date, 'YYYY-MM-DD'),
      'quantity', l.quantity::text, 'deliveredQuantity', l.delivered_quantity::text,
      'resource', json_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th),
      'countingUnit', case when c.id is null then null else json_build_object('id', c.id, 'code', c.code, 'nameTh', c.name_th) end
    ) order by l.line_no), '[]'::json)
    from doc_resource_disbursement_line l join ref_resource r on r.id = l.resource_id
      left join ref_counting_unit c on c.id = r.counting_unit_id
    where l.document_id = p.id)
) order by p.created_at desc, p.id desc), '[]'::json))::text as body
from page p join ref_storage s on s.id = p.storage_id join organisation_unit su on su.id = s.owner_unit_id
  left join doc_support_request rq on rq.id = p.support_request_id`;

export const benchDisbursementsRoute: RestRoute = {
  method: 'GET',
  url: '/bench/resource-disbursements',
  access: { menu: resourceDisbursement.menus.view },
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
