import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { loadersOf as donationLoadersOf } from '../donation-api';
import type { DisbursementSupportRequestType, ResourceDisbursementLineType } from './disbursement.type';

// The nested reads of the disbursements API, as the donations API does them (donation-loaders.ts):
// one DataLoader per relation and request, kept by the request's EntityManager fork; every row of a
// page asking for a relation joins one batch read in one statement (`= any(…)`), so a page costs the
// same statements whatever its size (disbursement-api.test.ts counts them). Rows are read as plain
// values. Storages, resources, counting units, money accounts and units are the donations API's
// loaders of the same request: a resource read for a disbursement line is read once.

/**
 * Every line of the disbursements, with its resource's and the resource's counting unit's rows: the
 * line carries them as objects (a page asking for both costs no statement and no resolver more).
 */
const LINES_SQL = `select l.id, l.document_id, l.line_no, l.lot, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry_date,
  l.quantity::text as quantity, l.unit_value::text as unit_value, l.delivered_quantity::text as delivered_quantity,
  r.id as resource_id, r.code as resource_code, r.name_th as resource_name_th, r.name_en as resource_name_en,
  r.counting_unit_id, c.code as unit_code, c.name_th as unit_name_th, c.name_en as unit_name_en
from doc_resource_disbursement_line l join ref_resource r on r.id = l.resource_id
  left join ref_counting_unit c on c.id = r.counting_unit_id
where l.document_id = any(?::int[])`;

/** The support requests' headers, the requesting office's name with them. */
const REQUESTS_SQL = `select s.id, s.number, s.status, to_char(s.request_date, 'YYYY-MM-DD') as request_date,
  s.requester_kind, s.requester_name, o.name_th as office_name_th, s.province, s.urgency
from doc_support_request s left join ref_external_office o on o.id = s.requester_office_id
where s.id = any(?::int[])`;

interface LineRow {
  id: number;
  document_id: number;
  line_no: number;
  lot: string | null;
  expiry_date: string | null;
  quantity: string;
  unit_value: string | null;
  delivered_quantity: string | null;
  resource_id: number;
  resource_code: string;
  resource_name_th: string;
  resource_name_en: string | null;
  counting_unit_id: number | null;
  unit_code: string | null;
  unit_name_th: string | null;
  unit_name_en: string | null;
}

interface RequestRow {
  id: number;
  number: string;
  status: string;
  request_date: string;
  requester_kind: string;
  requester_name: string | null;
  office_name_th: string | null;
  province: number;
  urgency: string;
}

const idsParam = (ids: readonly number[]) => [`{${ids.join(',')}}`];

function makeLoaders(em: EntityManager) {
  const shared = donationLoadersOf(em);
  const connection = () => em.getConnection();
  return {
    ...shared,
    /** A resource disbursement's lines by the disbursement's id, in line order. */
    resourceLines: new DataLoader<number, ResourceDisbursementLineType[]>(async (ids) => {
      const rows = await connection().execute<LineRow[]>(LINES_SQL, idsParam(ids));
      const byDocument = new Map<number, ResourceDisbursementLineType[]>(ids.map((id) => [id, []]));
      for (const r of rows.sort((a, b) => a.line_no - b.line_no))
        byDocument.get(r.document_id)?.push({
          id: r.id,
          lineNo: r.line_no,
          lot: r.lot,
          expiryDate: r.expiry_date,
          quantity: r.quantity,
          unitValue: r.unit_value,
          deliveredQuantity: r.delivered_quantity,
          resource: {
            id: r.resource_id,
            code: r.resource_code,
            nameTh: r.resource_name_th,
            nameEn: r.resource_name_en,
          },
          countingUnit:
            r.counting_unit_id === null
              ? null
              : {
                  id: r.counting_unit_id,
                  code: r.unit_code as string,
                  nameTh: r.unit_name_th as string,
                  nameEn: r.unit_name_en,
                },
        });
      return ids.map((id) => byDocument.get(id) ?? []);
    }),
    /** Support requests' headers by id; a missing one (a foreign key rules it out) fails its own load. */
    supportRequests: new DataLoader<number, DisbursementSupportRequestType>(async (ids) => {
      const rows = await connection().execute<RequestRow[]>(REQUESTS_SQL, idsParam(ids));
      const found = new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            number: r.number,
            status: r.status,
            requestDate: r.request_date,
            requesterKind: r.requester_kind,
            requesterOfficeNameTh: r.office_name_th,
            requesterName: r.requester_name,
            province: r.province,
            urgency: r.urgency,
          },
        ]),
      );
      return ids.map((id) => found.get(id) ?? new Error(`Support request ${id} is missing`));
    }),
  };
}

export type DisbursementLoaders = ReturnType<typeof makeLoaders>;

const perRequest = new WeakMap<EntityManager, DisbursementLoaders>();

/** This request's loaders. */
export function disbursementLoadersOf(em: EntityManager): DisbursementLoaders {
  let loaders = perRequest.get(em);
  if (!loaders) {
    loaders = makeLoaders(em);
    perRequest.set(em, loaders);
  }
  return loaders;
}
