import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersInTurn,
  docField,
  documentsMock,
  optionsMock,
  transferDescriptor,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import {
  CreateDocumentMutation,
  DocumentQuery,
  DocumentsQuery,
  DocumentTypesQuery,
} from './documents.operations';

// A documentRef field drawn as a choice (docs/document-kit.md): a resource disbursement names an
// approved support request from those `documents(type: SUPPORT_REQUEST, status: APPROVED)` returns,
// and each line one of that request's lines; choosing a goods line fills the line's resource.

const KEY = 'save-resource-disbursement';
const LABEL = 'เบิกจ่ายทรัพยากร';

const descriptor = {
  ...transferDescriptor,
  type: 'RESOURCE_DISBURSEMENT',
  prefix: 'DR',
  labelTh: LABEL,
  labelEn: 'Resource disbursement',
  header: [
    docField('supportRequestId', 'คำขอรับการสนับสนุน', {
      kind: 'integer',
      refDocumentType: 'SUPPORT_REQUEST',
      refDocumentStatus: 'APPROVED',
    }),
  ],
  lines: [
    docField('supportRequestLine', 'บรรทัดคำขอ', {
      kind: 'integer',
      refDocumentType: 'SUPPORT_REQUEST',
      refLineOf: 'supportRequestId',
    }),
    docField('resource', 'สิ่งของ', { kind: 'reference', refType: 'RESOURCE', required: true }),
    docField('quantity', 'จำนวน', { kind: 'decimal', scale: 3, min: 0.001, required: true }),
  ],
  statuses: [{ __typename: 'DocumentStatus', labelTh: 'ร่าง', labelEn: 'Draft', code: 'DRAFT' }],
  transitions: [],
  editableIn: ['DRAFT'],
  viewMenuCodes: ['MN-072'],
  createMenuCodes: ['MN-067'],
  editMenuCodes: ['MN-071'],
  attachMenuCodes: [],
  screens: [{ __typename: 'DocumentScreen', key: KEY, mode: 'WORK', level: null }],
};

const typesMock: MockLink.MockedResponse = {
  request: { query: DocumentTypesQuery },
  result: { data: { documentTypes: [descriptor] } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const listMock = (): MockLink.MockedResponse => {
  const mock = documentsMock([]);
  return {
    ...mock,
    request: { ...mock.request, variables: { ...mock.request.variables, type: 'RESOURCE_DISBURSEMENT' } },
  };
};

const request = (id: number, number: string, requesterName: string, purpose: string) => ({
  ...transferDocument(id, { status: 'APPROVED' }),
  type: 'SUPPORT_REQUEST',
  number,
  header: { requesterName, purpose },
  display: {},
});

/** What the server answers for approved support requests; records what was asked. */
function approvedRequestsMock(asked: Record<string, unknown>[]): MockLink.MockedResponse {
  return {
    request: { query: DocumentsQuery, variables: (v) => v.type === 'SUPPORT_REQUEST' },
    result: (variables) => {
      asked.push(variables);
      return {
        data: {
          documents: {
            __typename: 'DocumentPage',
            total: 2,
            currentPage: 1,
            rows: 200,
            startCursor: null,
            endCursor: null,
            items: [
              request(7, 'RS-2570-000007', 'นางสมศรี ใจดี', 'ผู้ประสบอุทกภัย'),
              request(9, 'RS-2570-000009', 'นายสมชาย รักดี', 'ไฟไหม้บ้าน'),
            ],
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const line = (
  id: number,
  lineNo: number,
  values: Record<string, unknown>,
  display: Record<string, unknown>,
) => ({
  __typename: 'DocumentLine',
  id,
  lineNo,
  values,
  display,
});

const requestSevenMock: MockLink.MockedResponse = {
  request: { query: DocumentQuery, variables: { type: 'SUPPORT_REQUEST', id: 7 } },
  result: {
    data: {
      document: {
        ...request(7, 'RS-2570-000007', 'นางสมศรี ใจดี', 'ผู้ประสบอุทกภัย'),
        lines: [
          line(
            71,
            1,
            // 4 approved or later, 3 more in a draft: the server's check counts all 7.
            {
              resource: 5,
              approvedQuantity: '10.000',
              disbursedQuantity: '4.000',
              committedQuantity: '7.000',
            },
            { resource: 'BLANKET ผ้าห่ม' },
          ),
          line(
            72,
            2,
            {
              resource: null,
              amount: '1500.00',
              approvedAmount: '1000.00',
              disbursedAmount: '0.00',
              committedAmount: '0.00',
            },
            {},
          ),
        ],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('a documentRef field in the kit’s form', () => {
  it('offers only the approved requests the server returns and their lines, and sends the chosen ids', async () => {
    const asked: Record<string, unknown>[] = [];
    const created = { ...transferDocument(3), type: 'RESOURCE_DISBURSEMENT', number: 'DR-2570-000003' };
    const create = answersInTurn(CreateDocumentMutation, [{ data: { createDocument: created } }]);
    renderRoute(`/backoffice/${KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([KEY]) })),
      mocks: [
        menuCheckMock(KEY, true),
        typesMock,
        listMock(),
        approvedRequestsMock(asked),
        requestSevenMock,
        optionsMock('RESOURCE', [{ id: 5, code: 'BLANKET', nameTh: 'ผ้าห่ม' }]),
        create.mock,
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: `สร้าง${LABEL}` }));
    const dialog = await screen.findByRole('dialog', { name: `สร้าง${LABEL}` });
    // A choice, not a typed id.
    expect(within(dialog).queryByRole('textbox', { name: 'คำขอรับการสนับสนุน' })).toBeNull();
    const requestSelect = within(dialog).getByRole('combobox', { name: 'คำขอรับการสนับสนุน' });
    await within(requestSelect).findByRole('option', { name: /RS-2570-000009/ });
    expect(optionNames(requestSelect)).toEqual([
      '-- กรุณาเลือก --',
      'RS-2570-000007 — นางสมศรี ใจดี — ผู้ประสบอุทกภัย',
      'RS-2570-000009 — นายสมชาย รักดี — ไฟไหม้บ้าน',
    ]);
    expect(asked[0]).toMatchObject({ type: 'SUPPORT_REQUEST', status: 'APPROVED', search: null });
    // Typing searches on the server instead of offering a truncated list.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'ค้นหาคำขอรับการสนับสนุน' }), {
      target: { value: 'สมชาย' },
    });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ search: 'สมชาย', rows: 20 }));

    const group = within(dialog).getByRole('group', { name: 'รายการที่ 1' });
    const lineSelect = within(group).getByRole('combobox', { name: 'บรรทัดคำขอ' });
    // No request yet: no line to choose.
    expect((lineSelect as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(requestSelect, { target: { value: '7' } });
    await within(lineSelect).findByRole('option', { name: /#1/ });
    expect(optionNames(lineSelect)).toEqual([
      '-- กรุณาเลือก --',
      '#1 BLANKET ผ้าห่ม (อนุมัติ 10, คงเหลือ 3)',
      '#2 เงิน (อนุมัติ 1,000.00, คงเหลือ 1,000.00)',
    ]);
    await within(within(group).getByRole('combobox', { name: 'สิ่งของ' })).findByRole('option', {
      name: /BLANKET/,
    });
    fireEvent.change(lineSelect, { target: { value: '71' } });
    // The request line's resource fills the line's.
    await waitFor(() =>
      expect((within(group).getByRole('combobox', { name: 'สิ่งของ' }) as HTMLSelectElement).value).toBe('5'),
    );
    fireEvent.change(within(group).getByRole('textbox', { name: 'จำนวน' }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]).toMatchObject({
      type: 'RESOURCE_DISBURSEMENT',
      input: {
        header: { supportRequestId: 7 },
        lines: [{ supportRequestLine: 71, resource: 5, quantity: '3.000' }],
      },
    });
  });

  it('adds the edited disbursement’s own share back to what is left of a request line', async () => {
    // A saved disbursement taking 3 of line 71: the 7 committed include those 3, so 6 are left for it.
    const saved = {
      ...transferDocument(3, {
        status: 'DRAFT',
        editable: true,
        lines: [{ id: 31, values: { supportRequestLine: 71, resource: 5, quantity: '3.000' } }],
      }),
      type: 'RESOURCE_DISBURSEMENT',
      number: 'DR-2570-000003',
      header: { supportRequestId: 7 },
      display: {},
    };
    const listed = documentsMock([saved as never]);
    renderRoute(`/backoffice/${KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([KEY]) })),
      mocks: [
        menuCheckMock(KEY, true),
        // This screen edits too here, so its list offers the edit.
        {
          ...typesMock,
          result: { data: { documentTypes: [{ ...descriptor, editMenuCodes: ['MN-067'] }] } },
        },
        {
          ...listed,
          request: {
            ...listed.request,
            variables: { ...listed.request.variables, type: 'RESOURCE_DISBURSEMENT' },
          },
        },
        {
          request: { query: DocumentQuery, variables: { type: 'RESOURCE_DISBURSEMENT', id: 3 } },
          result: { data: { document: saved } },
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
        approvedRequestsMock([]),
        requestSevenMock,
        optionsMock('RESOURCE', [{ id: 5, code: 'BLANKET', nameTh: 'ผ้าห่ม' }]),
      ],
    });
    const row = (await screen.findByText('DR-2570-000003')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'แก้ไข' }));
    const dialog = await screen.findByRole('dialog', { name: `แก้ไข${LABEL} DR-2570-000003` });
    const group = within(dialog).getByRole('group', { name: 'รายการที่ 1' });
    const lineSelect = within(group).getByRole('combobox', { name: 'บรรทัดคำขอ' });
    await within(lineSelect).findByRole('option', { name: /#1/ });
    expect(optionNames(lineSelect)).toContain('#1 BLANKET ผ้าห่ม (อนุมัติ 10, คงเหลือ 6)');
  });
});
