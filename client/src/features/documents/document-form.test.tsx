import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersInTurn,
  documentsMock,
  documentTypesMock,
  optionsMock,
  refusal,
  TRANSFER_LABEL,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import { CreateDocumentMutation } from './documents.operations';

const SAVE_KEY = 'save-transfer-item-to-another-storage';

const lineGroup = (dialog: HTMLElement, n: number) =>
  within(dialog).getByRole('group', { name: `รายการที่ ${n}` });
const choose = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByRole('combobox', { name: label }), { target: { value } });
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByRole('textbox', { name: label }), { target: { value } });
const waitForOption = (scope: HTMLElement, label: string, text: RegExp) =>
  within(within(scope).getByRole('combobox', { name: label })).findByRole('option', { name: text });

describe('the document form and its lines editor', () => {
  it('adds, removes and reorders lines, shows field errors under their cells, and retries the corrected form with a new key', async () => {
    const created = transferDocument(9, { lines: [] });
    const create = answersInTurn(CreateDocumentMutation, [
      {
        errors: [
          refusal('BAD_INPUT', 'ข้อมูลไม่ถูกต้อง', [
            { field: 'lines.1.quantity', messageTh: 'สิ่งของในคลังต้นทางมีไม่พอ' },
            { field: 'toStorage', messageTh: 'คลังปลายทางต้องไม่ใช่คลังต้นทาง' },
          ]),
        ],
      },
      { data: { createDocument: created } },
    ]);
    const asked: Record<string, unknown>[] = [];
    renderRoute(`/backoffice/${SAVE_KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([SAVE_KEY]) })),
      mocks: [
        menuCheckMock(SAVE_KEY, true),
        documentTypesMock,
        documentsMock([]),
        optionsMock(
          'STORAGE',
          [
            { id: 1, code: 'ST-OPS-SUP', nameTh: 'คลังพัสดุกลาง' },
            { id: 2, code: 'ST-P28-DON', nameTh: 'คลังรับบริจาคจันทบุรี' },
          ],
          asked,
        ),
        optionsMock(
          'RESOURCE',
          [
            { id: 5, code: 'RICE-5KG', nameTh: 'ข้าวสาร 5 กก.' },
            { id: 6, code: 'WATER-600', nameTh: 'น้ำดื่ม' },
          ],
          asked,
        ),
        create.mock,
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: `สร้าง${TRANSFER_LABEL}` }));
    const dialog = await screen.findByRole('dialog', { name: `สร้าง${TRANSFER_LABEL}` });
    // Only what a person enters: no derived lot expiry or value, nothing entered at receipt.
    expect(within(dialog).queryByRole('textbox', { name: 'วันหมดอายุ' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'จำนวนรับ' })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'เหตุผลที่ขาด' })).toBeNull();

    // Nothing entered: the rules are checked before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(lineGroup(dialog, 1)).findByText('กรุณากรอกข้อมูล')).toBeTruthy();
    expect(create.calls).toHaveLength(0);

    await waitForOption(dialog, 'คลังต้นทาง', /ST-OPS-SUP/);
    // Each pick list names its form's field: the server offers what saving it accepts.
    for (const documentField of ['fromStorage', 'toStorage'])
      expect(asked).toContainEqual(
        expect.objectContaining({ type: 'STORAGE', documentType: 'STOCK_TRANSFER', documentField }),
      );
    choose(dialog, 'คลังต้นทาง', '1');
    choose(dialog, 'คลังปลายทาง', '2');
    await waitForOption(lineGroup(dialog, 1), 'สิ่งของ', /RICE-5KG/);
    expect(asked).toContainEqual(
      expect.objectContaining({
        type: 'RESOURCE',
        documentType: 'STOCK_TRANSFER',
        documentField: 'lines.resource',
      }),
    );
    choose(lineGroup(dialog, 1), 'สิ่งของ', '5');
    type(lineGroup(dialog, 1), 'จำนวนส่ง', '10');

    fireEvent.click(within(dialog).getByRole('button', { name: 'เพิ่มรายการ' }));
    await waitForOption(lineGroup(dialog, 2), 'สิ่งของ', /WATER-600/);
    choose(lineGroup(dialog, 2), 'สิ่งของ', '6');
    type(lineGroup(dialog, 2), 'จำนวนส่ง', '2.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'เพิ่มรายการ' }));
    expect(lineGroup(dialog, 3)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ลบรายการที่ 3' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'รายการที่ 3' })).toBeNull());

    // The water moves first; its values travel with it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'เลื่อนรายการที่ 2 ขึ้น' }));
    await waitFor(() =>
      expect(
        (within(lineGroup(dialog, 1)).getByRole('textbox', { name: 'จำนวนส่ง' }) as HTMLInputElement).value,
      ).toBe('2.5'),
    );
    expect(
      (within(lineGroup(dialog, 2)).getByRole('combobox', { name: 'สิ่งของ' }) as HTMLSelectElement).value,
    ).toBe('5');

    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    // The server's errors land under the second line's quantity and the destination.
    expect(await within(lineGroup(dialog, 2)).findByText('สิ่งของในคลังต้นทางมีไม่พอ')).toBeTruthy();
    expect(within(lineGroup(dialog, 1)).queryByText('สิ่งของในคลังต้นทางมีไม่พอ')).toBeNull();
    expect(within(dialog).getByText('คลังปลายทางต้องไม่ใช่คลังต้นทาง')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(create.calls[0]).toMatchObject({
      type: 'STOCK_TRANSFER',
      input: {
        header: { fromStorage: 1, toStorage: 2 },
        lines: [
          { resource: 6, lot: null, quantity: '2.500' },
          { resource: 5, lot: null, quantity: '10.000' },
        ],
        remark: null,
      },
    });

    type(lineGroup(dialog, 2), 'จำนวนส่ง', '8');
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('บันทึก TR-2569-000009 เรียบร้อยแล้ว')).toBeTruthy();
    // The corrected command is another request, so another idempotency key (the same request tried
    // again keeps its key: platform/idempotency-key.test.ts).
    expect(create.calls).toHaveLength(2);
    expect(create.calls[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(create.calls[1].idempotencyKey).not.toBe(create.calls[0].idempotencyKey);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for at least one line', async () => {
    renderRoute(`/backoffice/${SAVE_KEY}`, {
      session: signedInStore(staffUser({ menus: menusFor([SAVE_KEY]) })),
      mocks: [
        menuCheckMock(SAVE_KEY, true),
        documentTypesMock,
        documentsMock([]),
        optionsMock('STORAGE', []),
        optionsMock('RESOURCE', []),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: `สร้าง${TRANSFER_LABEL}` }));
    const dialog = await screen.findByRole('dialog', { name: `สร้าง${TRANSFER_LABEL}` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ลบรายการที่ 1' }));
    expect(await within(dialog).findByText('ยังไม่มีรายการ')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('กรุณาเพิ่มรายการอย่างน้อย 1 บรรทัด')).toBeTruthy();
  });
});
