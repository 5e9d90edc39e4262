import type { MockLink } from '@apollo/client/testing';
import { UserRequestWorkflowsQuery, UsersQuery } from '../features/users';
import type { UserSearchFilter } from '../gql/graphql';
import { OrganisationTreeQuery } from '../ui/organisation/organisation.queries';

// The user-management screens' answers, shaped as the server gives them (schema.graphql).

export const EMPTY_USER_FILTER: UserSearchFilter = {
  currentPage: 1,
  rows: 20,
  office_type_code: null,
  ministry_code: null,
  department_code: null,
  bureau_code: null,
  division_code: null,
  idc: null,
  firstname_th: null,
  lastname_th: null,
  from_dt: null,
  to_dt: null,
  user_status_code: null,
  request_status_code: null,
  sort: null,
  direction: null,
};

export interface TransferFixture {
  id: string;
  reason?: string | null;
  allowedActions?: string[];
}

/** A staff user as a list row; `overrides` sets statuses, allowed actions, a pending transfer. */
export function userRow(
  id: string,
  firstNameTh: string,
  createdAt: string,
  overrides: {
    userStatusCode?: string;
    requestStatusCode?: string;
    allowedActions?: string[];
    pendingTransfer?: TransferFixture | null;
  } = {},
) {
  const { pendingTransfer = null, ...rest } = overrides;
  return {
    __typename: 'User',
    id,
    kind: 'STAFF',
    username: `user${id}`,
    email: `user${id}@example.go.th`,
    titleTh: 'นาย',
    firstNameTh,
    lastNameTh: 'ทดสอบ',
    citizenId: '1101700230708',
    phone: null,
    position: null,
    userGroupCode: 'UG-S01',
    userGroupName: 'เจ้าหน้าที่ปฏิบัติงาน',
    userStatusCode: 'A',
    requestStatusCode: 'A',
    rejectReason: null,
    createdAt,
    lastLoginAt: null,
    organisationUnit: {
      __typename: 'OrganisationUnit',
      id: '1',
      code: 'MSDHS',
      nameTh: 'กระทรวง พม.',
      nameEn: 'MSDHS',
    },
    allowedActions: [] as string[],
    ...rest,
    pendingTransfer: pendingTransfer && {
      __typename: 'TransferRequest',
      statusCode: 'P',
      requestedAt: '2026-11-20T03:00:00Z',
      reason: null,
      allowedActions: [],
      ...pendingTransfer,
    },
  };
}

export type UserRowFixture = ReturnType<typeof userRow>;

export const usersMock = (
  filter: UserSearchFilter,
  items: UserRowFixture[],
  total = items.length,
): MockLink.MockedResponse => ({
  request: { query: UsersQuery, variables: { filter } },
  result: {
    data: { users: { __typename: 'UserPage', total, currentPage: filter.currentPage, rows: 20, items } },
  },
});

const unit = (id: string, code: string, nameTh: string, officeType: number, children: object[] = []) => ({
  __typename: 'OrganisationUnit',
  id,
  code,
  nameTh,
  nameEn: code,
  officeType,
  children,
});

export const treeMock: MockLink.MockedResponse = {
  request: { query: OrganisationTreeQuery },
  result: {
    data: {
      organisationTree: [
        unit('1', 'MSDHS', 'กระทรวง พม.', 1, [unit('2', 'DSDW', 'กรมพัฒนาสังคมและสวัสดิการ', 2)]),
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const label = (labelTh: string, labelEn: string) => ({ labelTh, labelEn });
const status = (code: string, th: string, en: string) => ({
  __typename: 'DocumentStatus',
  code,
  ...label(th, en),
});
const action = (
  name: string,
  th: string,
  en: string,
  to: string,
  menuCodes: string[],
  reason: string | null = null,
) => ({
  __typename: 'DocumentTransition',
  action: name,
  ...label(th, en),
  from: ['P'],
  to,
  menuCodes,
  reason,
});

/** The server's registration and transfer workflows (users/user-requests.workflow.ts). */
export const userRequestWorkflowsMock: MockLink.MockedResponse = {
  request: { query: UserRequestWorkflowsQuery },
  result: {
    data: {
      userRequestWorkflows: [
        {
          __typename: 'UserRequestWorkflow',
          name: 'USER_REGISTRATION',
          statuses: [
            status('P', 'รออนุมัติ', 'Pending'),
            status('A', 'อนุมัติแล้ว', 'Approved'),
            status('R', 'ไม่อนุมัติ', 'Rejected'),
          ],
          transitions: [
            action('APPROVE', 'อนุมัติ', 'Approve', 'A', ['MN-001']),
            action('REJECT', 'ไม่อนุมัติ', 'Reject', 'R', ['MN-001'], 'required'),
          ],
        },
        {
          __typename: 'UserRequestWorkflow',
          name: 'USER_TRANSFER',
          statuses: [
            status('P', 'รออนุมัติ', 'Pending'),
            status('A', 'อนุมัติแล้ว', 'Approved'),
            status('R', 'ไม่อนุมัติ', 'Rejected'),
            status('C', 'ยกเลิกแล้ว', 'Cancelled'),
          ],
          transitions: [
            action('APPROVE', 'อนุมัติ', 'Approve', 'A', ['MN-005']),
            action('REJECT', 'ไม่อนุมัติ', 'Reject', 'R', ['MN-005'], 'required'),
            action('CANCEL', 'ยกเลิกคำขอ', 'Cancel request', 'C', ['MN-006'], 'optional'),
          ],
        },
      ],
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};
