import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersInTurn,
  documentMock,
  openDocumentDetails,
  refusal,
  TRANSFER_SAVE_KEY as SAVE_KEY,
  type TransferDocument,
  transferDocument,
  TRANSFER_VIEW_KEY as VIEW_KEY,
} from '../../testing/document-fixtures';
import { ActOnDocumentMutation, DocumentQuery } from './documents.operations';

const sentLines = [
  {
    id: 31,
    values: {
      resource: 5,
      lot: 'L-EARLY',
      expiryDate: '2027-03-01',
      quantity: '10.000',
      unitValue: '150.00',
    },
    display: { resource: 'RICE-5KG ข้าวสาร 5 กก.' },
  },
];
const sentHistory = [
  { action: 'CREATE', fromStatus: null, toStatus: 'SAVED' },
  {
    action: 'SEND',
    fromStatus: 'SAVED',
    toStatus: 'SENT',
    // What an action entering fields again changed (an edited delivery), as the server records it.
    changes: [
      { __typename: 'DocumentHistoryChange', field: 'toStorage', line: null, before: '2', after: '3' },
      {
        __typename: 'DocumentHistoryChange',
        field: 'receivedQuantity',
        line: 1,
        before: '10.000',
        after: '8.000',
      },
      {
        __typename: 'DocumentHistoryChange',
        field: 'expiryDate',
        line: 1,
        before: null,
        after: '2027-03-01',
      },
    ],
  },
];

/** Opens the screen, then the document's details from its row. */
async function openDetails(
  key: string,
  document: TransferDocument,
  mocks: readonly MockLink.MockedResponse[] = [],
  listed?: () => TransferDocument[],
) {
  return (await openDocumentDetails(key, document, mocks, listed)).dialog;
}

describe('the document details view', () => {
  it('shows header, lines and the history timeline, and only the actions allowed now', async () => {
    const sent = transferDocument(4, {
      status: 'SENT',
      version: 3,
      allowedActions: ['RECEIVE'],
      lines: sentLines,
      history: sentHistory,
    });
    const dialog = await openDetails(SAVE_KEY, sent, [documentMock(sent)]);
    expect(await within(dialog).findByText('ST-P28-DON คลังรับบริจาคจันทบุรี')).toBeTruthy();
    const lines = within(dialog).getByRole('table', { name: 'รายการ' });
    const line = within(lines).getAllByRole('row')[1];
    // Display texts, the FEFO lot, a Buddhist-era expiry, a whole quantity without decimals, money with two.
    const cells = within(line)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['RICE-5KG ข้าวสาร 5 กก.', 'L-EARLY', '01/03/2570', '10', '150.00']),
    );
    expect(line.textContent).not.toContain('10.000');
    const history = within(dialog).getByRole('list', { name: 'ประวัติการดำเนินการ' });
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('สร้างเอกสาร · บันทึก'),
      expect.stringContaining('ส่งของ · บันทึก → ส่งแล้ว'),
    ]);
    // 04:00 UTC is 11:00 in Bangkok.
    expect(entries[1].textContent).toContain('โดย สมหญิง ใจดี เมื่อ 22/11/2569 11:00');
    // Each change under its field's label (a line's with its number): before → after, dates in the BE.
    for (const text of ['คลังปลายทาง: 2 → 3', 'บรรทัด 1: จำนวนรับ: 10 → 8', 'บรรทัด 1: วันหมดอายุ: – → 01/03/2570'])
      expect(entries[1].textContent).toContain(text);
    const actions = within(dialog).getByRole('group', { name: 'การดำเนินการ' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['รับของ']);
  });

  it('shows quantities as people write them: sacks without decimals, kilograms with three', async () => {
    const lines = [
      {
        id: 41,
        values: { resource: 7, quantity: '50.000', unitValue: '650.00' },
        display: { resource: 'RICE-SACK ข้าวสาร (กระสอบ)' },
      },
      {
        id: 42,
        values: { resource: 8, quantity: '2.500', unitValue: '40.00' },
        display: { resource: 'SUGAR-KG น้ำตาลทราย (กิโลกรัม)' },
      },
      {
        id: 43,
        values: { resource: 9, quantity: '1200.000', unitValue: '6.00' },
        display: { resource: 'WATER น้ำดื่ม (ขวด)' },
      },
    ];
    const saved = transferDocument(6, { lines });
    const dialog = await openDetails(VIEW_KEY, saved, [documentMock(saved)]);
    const table = within(dialog).getByRole('table', { name: 'รายการ' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const [head, ...rows] = within(table).getAllByRole('row');
    const column = within(head as HTMLElement)
      .getAllByRole('columnheader')
      .findIndex((cell) => cell.textContent?.includes('จำนวนส่ง'));
    expect(column).toBeGreaterThanOrEqual(0);
    const quantityOf = (row: HTMLElement) => within(row).getAllByRole('cell')[column]?.textContent;
    expect(rows.map(quantityOf)).toEqual(['50', '2.500', '1,200']);
    expect(table.textContent).not.toContain('50.000');
  });

  it('a view screen offers no action, whatever the person may do elsewhere', async () => {
    const saved = transferDocument(2, { allowedActions: ['SEND', 'CANCEL'] });
    const dialog = await openDetails(VIEW_KEY, saved, [documentMock(saved)]);
    await within(dialog).findByRole('list', { name: 'ประวัติการดำเนินการ' });
    expect(within(dialog).queryByRole('group', { name: 'การดำเนินการ' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'ส่งของ' })).toBeNull();
  });

  it('asks for the reason an action requires before sending it', async () => {
    const saved = transferDocument(2, { allowedActions: ['SEND', 'CANCEL'] });
    const cancelled = transferDocument(2, {
      status: 'CANCELLED',
      version: 2,
      history: [
        { action: 'CREATE', fromStatus: null, toStatus: 'SAVED' },
        { action: 'CANCEL', fromStatus: 'SAVED', toStatus: 'CANCELLED', reason: 'ส่งผิดคลัง' },
      ],
    });
    const act = answersInTurn(ActOnDocumentMutation, [{ data: { actOnDocument: cancelled } }]);
    const dialog = await openDetails(SAVE_KEY, saved, [documentMock(saved), act.mock]);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'ยกเลิกเอกสาร' }));
    const form = within(dialog).getByRole('form', { name: 'ยกเลิกเอกสาร' });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันยกเลิกเอกสาร' }));
    expect(await within(form).findByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(act.calls).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'เหตุผล' }), { target: { value: 'ส่งผิดคลัง' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันยกเลิกเอกสาร' }));
    expect(await within(dialog).findByText('เหตุผล: ส่งผิดคลัง')).toBeTruthy();
    expect(act.calls[0]).toMatchObject({
      id: 2,
      input: { action: 'CANCEL', version: 1, reason: 'ส่งผิดคลัง', lines: null },
    });
    expect(within(dialog).queryByRole('group', { name: 'การดำเนินการ' })).toBeNull();
  });

  it('receives with line inputs: the shortfall reason error under its line, the corrected retry with a new key', async () => {
    const sent = transferDocument(4, {
      status: 'SENT',
      version: 3,
      allowedActions: ['RECEIVE'],
      lines: sentLines,
      history: sentHistory,
    });
    const received = transferDocument(4, {
      status: 'RECEIVED',
      version: 4,
      lines: [
        {
          ...sentLines[0],
          values: { ...sentLines[0].values, receivedQuantity: '8.000', missingReason: 4 },
          display: { ...sentLines[0].display, missingReason: 'DAMAGED ชำรุดเสียหาย' },
        },
      ],
      history: [...sentHistory, { action: 'RECEIVE', fromStatus: 'SENT', toStatus: 'RECEIVED' }],
    });
    const act = answersInTurn(ActOnDocumentMutation, [
      {
        errors: [
          refusal('BAD_INPUT', 'ข้อมูลไม่ถูกต้อง', [
            { field: 'lines.0.missingReason', messageTh: 'กรุณาระบุเหตุผลที่ของขาด' },
          ]),
        ],
      },
      { data: { actOnDocument: received } },
    ]);
    const dialog = await openDetails(SAVE_KEY, sent, [documentMock(sent), act.mock]);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'รับของ' }));
    const form = within(dialog).getByRole('form', { name: 'รับของ' });
    const line = within(form).getByRole('group', { name: 'รายการที่ 1' });
    expect(line.textContent).toContain('ล็อต: L-EARLY');
    fireEvent.change(within(line).getByRole('textbox', { name: 'จำนวนรับ' }), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันรับของ' }));
    expect(await within(line).findByText('กรุณาระบุเหตุผลที่ของขาด')).toBeTruthy();
    expect(act.calls[0]).toMatchObject({
      input: {
        action: 'RECEIVE',
        version: 3,
        lines: [{ id: 31, values: { receivedQuantity: '8.000', missingReason: null } }],
      },
    });

    const reason = within(line).getByRole('combobox', { name: 'เหตุผลที่ขาด' });
    await within(reason).findByRole('option', { name: /DAMAGED/ });
    fireEvent.change(reason, { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ยืนยันรับของ' }));
    expect(await screen.findByText('รับของ TR-2569-000004 เรียบร้อยแล้ว')).toBeTruthy();
    // The corrected command is another request: another key (the server refuses a key reused with
    // another request, 422 IDEMPOTENCY_KEY_REUSED).
    expect(act.calls[1].idempotencyKey).not.toBe(act.calls[0].idempotencyKey);
    await waitFor(() => expect(within(dialog).getAllByText('รับแล้ว').length).toBeGreaterThan(0));
    const history = within(dialog).getByRole('list', { name: 'ประวัติการดำเนินการ' });
    expect(within(history).getAllByRole('listitem')[2].textContent).toContain('รับของ · ส่งแล้ว → รับแล้ว');
    expect(within(dialog).getByRole('table', { name: 'รายการ' }).textContent).toContain('DAMAGED ชำรุดเสียหาย');
  });

  it('a stale version shows the server’s words and loads the document again', async () => {
    const saved = transferDocument(2, { allowedActions: ['SEND', 'CANCEL'] });
    const changed = transferDocument(2, {
      version: 2,
      remark: 'แก้ไขโดยผู้อื่น',
      allowedActions: ['SEND', 'CANCEL'],
    });
    const stale = 'ใบโอนสิ่งของไปคลังอื่น TR-2569-000002 ถูกแก้ไขโดยผู้อื่นแล้ว (ฉบับที่ 2) กรุณาโหลดใหม่แล้วทำรายการอีกครั้ง';
    const act = answersInTurn(ActOnDocumentMutation, [
      { errors: [refusal('CONFLICT', stale)] },
      { data: { actOnDocument: transferDocument(2, { status: 'SENT', version: 3 }) } },
    ]);
    // The server's document as it is when read: the other person's change lands with the refusal,
    // however many times the screen reads it.
    const current: MockLink.MockedResponse = {
      request: { query: DocumentQuery, variables: { type: 'STOCK_TRANSFER', id: 2 } },
      maxUsageCount: Number.POSITIVE_INFINITY,
      result: () => ({ data: { document: act.calls.length === 0 ? saved : changed } }),
    };
    // The list the screen reads again after the refusal is the server's too.
    const dialog = await openDetails(SAVE_KEY, saved, [current, act.mock], () => [
      act.calls.length === 0 ? saved : changed,
    ]);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'ส่งของ' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยันส่งของ' }));
    expect(await screen.findByText(stale)).toBeTruthy();
    // Loaded again (the other person's remark is on screen): the next try sends the new version, as
    // a new command.
    expect(await within(dialog).findByText('แก้ไขโดยผู้อื่น')).toBeTruthy();
    const send = await within(dialog).findByRole('button', { name: 'ส่งของ' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยืนยันส่งของ' }));
    await waitFor(() => expect(act.calls).toHaveLength(2));
    expect(act.calls[1]).toMatchObject({ input: { action: 'SEND', version: 2 } });
    expect(act.calls[1].idempotencyKey).not.toBe(act.calls[0].idempotencyKey);
  });
});

describe('the documents before and after one', () => {
  it('links each related document to its view route by transaction id', async () => {
    const made = transferDocument(5, {
      related: [
        {
          type: 'STOCK_TRANSFER',
          id: 9,
          number: 'TR-2569-000009',
          labelTh: 'ใบโอนสิ่งของไปคลังอื่น',
          labelEn: 'Transfer',
        },
      ],
    });
    const dialog = await openDetails(VIEW_KEY, made, [documentMock(made)]);
    const link = await within(dialog).findByRole('link', { name: 'ใบโอนสิ่งของไปคลังอื่น TR-2569-000009' });
    expect(link.getAttribute('href')).toBe('/backoffice/view-transfer-item-to-another-storage/9');
    expect(within(dialog).getByRole('heading', { name: 'เอกสารที่เกี่ยวข้อง' })).toBeTruthy();
  });

  it('shows no related section for a document that has none', async () => {
    const alone = transferDocument(6);
    const dialog = await openDetails(VIEW_KEY, alone, [documentMock(alone)]);
    await within(dialog).findByRole('list', { name: 'ประวัติการดำเนินการ' });
    expect(within(dialog).queryByRole('heading', { name: 'เอกสารที่เกี่ยวข้อง' })).toBeNull();
  });
});

describe('a document’s photos', () => {
  it('shows a photos section only when an image is attached', async () => {
    const withPhoto = transferDocument(7, {
      attachments: [
        { id: '71', fileName: 'แจกของ.png', size: 100, mediaType: 'image/png' },
        { id: '72', fileName: 'ใบรับ.pdf', size: 100 },
      ],
    });
    const dialog = await openDetails(VIEW_KEY, withPhoto, [documentMock(withPhoto)]);
    expect(await within(dialog).findByRole('heading', { name: 'รูปภาพ' })).toBeTruthy();
    const onlyPdf = transferDocument(8, { attachments: [{ id: '81', fileName: 'ใบรับ.pdf', size: 100 }] });
    const other = await openDetails(VIEW_KEY, onlyPdf, [documentMock(onlyPdf)]);
    await within(other).findByRole('list', { name: 'ประวัติการดำเนินการ' });
    expect(within(other).queryByRole('heading', { name: 'รูปภาพ' })).toBeNull();
  });
});
