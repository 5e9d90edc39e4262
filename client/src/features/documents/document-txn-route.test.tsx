import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersInTurn,
  docField,
  documentsMock,
  transferDescriptor,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { ActOnDocumentMutation, DocumentQuery, DocumentTypesQuery } from './documents.operations';

// A disbursement-like type (the transfer fixture renamed): its view route with a transaction id opens
// that document, and an action with header fields entered at it (the delivery's date and receiver)
// asks for them and sends them with the action.

const TYPE = 'RESOURCE_DISBURSEMENT';
const LABEL = 'การเบิกจ่ายสิ่งของ';
const VIEW_KEY = 'view-resource-disbursement';
const DELIVERY_KEY = 'save-delivery-resource-disbursement';

const descriptor = {
  ...transferDescriptor,
  type: TYPE,
  prefix: 'RD',
  labelTh: LABEL,
  labelEn: 'Resource disbursement',
  header: [
    ...transferDescriptor.header,
    docField('deliveredOn', 'วันที่ส่งมอบ', { kind: 'date', required: true, enteredAt: 'DELIVER' }),
    docField('receivedBy', 'ผู้รับมอบ', { required: true, maxLength: 255, enteredAt: 'DELIVER' }),
  ],
  lines: transferDescriptor.lines.filter((field) => !field.enteredAt),
  transitions: [
    {
      __typename: 'DocumentTransition',
      action: 'DELIVER',
      labelTh: 'บันทึกการส่งมอบ',
      labelEn: 'Record the delivery',
      from: ['SAVED'],
      to: 'SENT',
      menuCodes: ['MN-081'],
      approval: null,
      reason: null,
    },
  ],
  viewMenuCodes: ['MN-070', 'MN-084'],
  createMenuCodes: ['MN-067'],
  editMenuCodes: ['MN-068'],
  attachMenuCodes: [],
  screens: [
    { __typename: 'DocumentScreen', key: VIEW_KEY, mode: 'VIEW', level: null },
    { __typename: 'DocumentScreen', key: DELIVERY_KEY, mode: 'WORK', level: null },
  ],
};

const disbursement = (id: number, overrides: Parameters<typeof transferDocument>[1] = {}) => ({
  ...transferDocument(id, overrides),
  type: TYPE,
  number: `RD-2569-${String(id).padStart(6, '0')}`,
});

function mocks(document: ReturnType<typeof disbursement>, extra: MockLink.MockedResponse[] = []) {
  const list = documentsMock([document]);
  return [
    { request: { query: DocumentTypesQuery }, result: { data: { documentTypes: [descriptor] } } },
    { ...list, request: { ...list.request, variables: { ...list.request.variables, type: TYPE } } },
    {
      request: { query: DocumentQuery, variables: { type: TYPE, id: document.id } },
      result: { data: { document } },
      maxUsageCount: Number.POSITIVE_INFINITY,
    },
    ...extra,
  ];
}

const session = () => signedInStore(staffUser({ menus: menusFor([VIEW_KEY, DELIVERY_KEY]) }));

describe('a view route with a transaction id', () => {
  it('opens that document’s details at once', async () => {
    const document = disbursement(7);
    renderRoute(`/backoffice/${VIEW_KEY}/7`, {
      session: session(),
      mocks: [menuCheckMock(VIEW_KEY, true), ...mocks(document)],
    });
    const dialog = await screen.findByRole('dialog', { name: `${LABEL} RD-2569-000007` });
    expect(await within(dialog).findByText('ST-P28-DON คลังรับบริจาคจันทบุรี')).toBeTruthy();
  });

  it('opens nothing for an address that is not a document id', async () => {
    renderRoute(`/backoffice/${VIEW_KEY}/abc`, {
      session: session(),
      mocks: [menuCheckMock(VIEW_KEY, true), ...mocks(disbursement(7))],
    });
    expect(await screen.findByRole('table', { name: LABEL })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('header fields entered at an action', () => {
  it('asks for the delivery date and receiver and sends them with the action', async () => {
    const document = disbursement(9, { allowedActions: ['DELIVER'] });
    const delivered = disbursement(9, { status: 'SENT', version: 2 });
    const act = answersInTurn(ActOnDocumentMutation, [{ data: { actOnDocument: delivered } }]);
    renderRoute(`/backoffice/${DELIVERY_KEY}`, {
      session: session(),
      mocks: [menuCheckMock(DELIVERY_KEY, true), ...mocks(document, [act.mock])],
    });
    const table = await screen.findByRole('table', { name: LABEL });
    const row = (await within(table).findByText(document.number)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'รายละเอียด' }));
    const dialog = await screen.findByRole('dialog', { name: `${LABEL} ${document.number}` });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'บันทึกการส่งมอบ' }));
    const form = within(dialog).getByRole('form', { name: 'บันทึกการส่งมอบ' });
    // Both are required: nothing is sent while they are empty.
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันบันทึกการส่งมอบ' }));
    expect((await within(form).findAllByText('กรุณากรอกข้อมูล')).length).toBeGreaterThan(0);
    expect(act.calls).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'ผู้รับมอบ' }), {
      target: { value: 'นายสมชาย รับของ' },
    });
    fireEvent.change(within(form).getByLabelText(/วันที่ส่งมอบ/), {
      target: { value: '24/11/2569' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันบันทึกการส่งมอบ' }));
    await screen.findByText(/บันทึกการส่งมอบ RD-2569-000009/);
    expect(act.calls[act.calls.length - 1]).toMatchObject({
      type: TYPE,
      input: {
        action: 'DELIVER',
        version: 1,
        header: { deliveredOn: '2026-11-24', receivedBy: 'นายสมชาย รับของ' },
        lines: null,
      },
    });
  });
});
