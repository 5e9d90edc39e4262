import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { menuCheckMock, menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import {
  DeleteReferenceItemMutation,
  ReferenceItemsQuery,
  ReferenceTypesQuery,
  SaveReferenceItemMutation,
} from './reference.operations';
import { CommitReferenceImportMutation, PreviewReferenceImportMutation } from './reference-import.operations';

const field = (name: string, labelTh: string) => ({
  __typename: 'ReferenceFieldDescriptor',
  name,
  kind: name === 'code' ? 'code' : 'text',
  labelTh,
  labelEn: name,
  required: true,
  maxLength: 20,
  min: null,
  max: null,
  scale: null,
  options: [],
  refType: null,
  inlineCreateMenuCodes: [],
  derived: false,
  list: true,
  search: true,
  sort: true,
});

const descriptor = (type: string, labelTh: string, menus: { view: string; save: string }) => ({
  __typename: 'ReferenceTypeDescriptor',
  type,
  key: type.toLowerCase(),
  labelTh,
  labelEn: type,
  viewMenuCodes: [menus.view],
  createMenuCodes: [menus.save],
  editMenuCodes: [menus.save],
  scope: 'NONE',
  screens: [
    { __typename: 'ReferenceScreen', key: 'save-goverment-info', mode: 'SAVE' },
    { __typename: 'ReferenceScreen', key: 'view-goverment-info', mode: 'VIEW' },
  ],
  fields: [field('code', 'รหัส'), field('nameTh', 'ชื่อภาษาไทย')],
});

const typesMock = {
  request: { query: ReferenceTypesQuery },
  result: {
    data: {
      referenceTypes: [
        descriptor('GOVERNMENT_INFO', 'ส่วนราชการ', { view: 'MN-009', save: 'MN-008' }),
        descriptor('STORAGE', 'คลัง', { view: 'MN-009', save: 'MN-008' }),
      ],
    },
  },
};

const item = (id: number, code: string, nameTh: string) => ({
  __typename: 'ReferenceItem',
  id,
  code,
  statusCode: 'A',
  nameTh,
  nameEn: null,
  values: { nameTh },
  display: {},
  createdAt: '2026-11-22T03:00:00.000Z',
  updatedAt: '2026-11-22T03:00:00.000Z',
});

const itemsMock = (type: string, items: ReturnType<typeof item>[]) => ({
  request: {
    query: ReferenceItemsQuery,
    variables: {
      type,
      search: null,
      statusCode: null,
      currentPage: 1,
      rows: 20,
      sort: null,
      direction: null,
    },
  },
  result: {
    data: {
      referenceItems: {
        __typename: 'ReferenceItemPage',
        total: items.length,
        currentPage: 1,
        rows: 20,
        items,
      },
    },
  },
});

describe('the reference list page', () => {
  it('shows a tab per type; a view screen is read-only with details', async () => {
    const session = signedInStore(
      staffUser({ menus: menusFor(['view-goverment-info', 'save-goverment-info']) }),
    );
    renderRoute('/backoffice/view-goverment-info', {
      session,
      mocks: [
        menuCheckMock('view-goverment-info', true),
        typesMock,
        itemsMock('GOVERNMENT_INFO', [item(1, 'MSDHS', 'กระทรวงการพัฒนาสังคมฯ')]),
        itemsMock('STORAGE', [item(1, 'ST01', 'คลังกลาง')]),
      ],
    });
    expect(await screen.findByRole('tab', { name: 'ส่วนราชการ' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'คลัง' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'ส่วนราชการ' });
    const row = (await within(table).findByText('MSDHS')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).queryByRole('button', { name: 'แก้ไข' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'ลบ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'เพิ่มส่วนราชการ' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'รายละเอียด' }));
    const details = await screen.findByRole('dialog', { name: 'ส่วนราชการ MSDHS' });
    expect(details.textContent).toContain('22 พฤศจิกายน 2569');
    // Close it first: the open (modal) dialog hides the page from the accessibility tree.
    fireEvent.click(within(details).getByRole('button', { name: 'ปิด' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'ส่วนราชการ MSDHS' })).toBeNull());

    fireEvent.click(await screen.findByRole('tab', { name: 'คลัง' }));
    expect(await screen.findByRole('table', { name: 'คลัง' })).toBeTruthy();
  });

  it('a save screen asks before deleting and shows the server refusal in Thai', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['save-goverment-info']) }));
    const refusal = 'ลบส่วนราชการ MSDHS ไม่ได้ เพราะยังมีข้อมูลอ้างอิงอยู่ใน ผู้ใช้งาน';
    renderRoute('/backoffice/save-goverment-info', {
      session,
      mocks: [
        menuCheckMock('save-goverment-info', true),
        typesMock,
        itemsMock('GOVERNMENT_INFO', [item(1, 'MSDHS', 'กระทรวงการพัฒนาสังคมฯ')]),
        {
          request: { query: DeleteReferenceItemMutation, variables: { type: 'GOVERNMENT_INFO', id: 1 } },
          result: {
            errors: [
              new GraphQLError(refusal, {
                extensions: { code: 'CONFLICT', messageTh: refusal, messageEn: 'cannot be deleted' },
              }),
            ],
          },
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'เพิ่มส่วนราชการ' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'ส่วนราชการ' });
    const row = (await within(table).findByText('MSDHS')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('button', { name: 'ปิดใช้งาน' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'ลบ' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'ลบส่วนราชการ' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'ลบ' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('shows the server field errors under their fields, and a duplicate code above the buttons', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['save-goverment-info']) }));
    const saveMock = (errors: GraphQLError[]) => ({
      request: {
        query: SaveReferenceItemMutation,
        variables: {
          type: 'GOVERNMENT_INFO',
          input: { id: null, code: 'NEW1', values: { nameTh: 'หน่วยใหม่' } },
        },
      },
      result: { errors },
    });
    renderRoute('/backoffice/save-goverment-info', {
      session,
      mocks: [
        menuCheckMock('save-goverment-info', true),
        typesMock,
        itemsMock('GOVERNMENT_INFO', []),
        saveMock([
          new GraphQLError('bad', {
            extensions: {
              code: 'BAD_INPUT',
              messageTh: 'ชื่อไม่ถูกต้อง',
              messageEn: 'Bad name',
              details: { fields: [{ field: 'nameTh', messageTh: 'ชื่อนี้ใช้ไม่ได้', messageEn: 'Name refused' }] },
            },
          }),
        ]),
        saveMock([
          new GraphQLError('dup', {
            extensions: { code: 'CONFLICT', messageTh: 'รหัสส่วนราชการ NEW1 มีอยู่แล้ว', messageEn: 'taken' },
          }),
        ]),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'เพิ่มส่วนราชการ' }));
    const dialog = await screen.findByRole('dialog', { name: 'เพิ่มส่วนราชการ' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'รหัส' }), { target: { value: 'new1' } });
    expect((within(dialog).getByRole('textbox', { name: 'รหัส' }) as HTMLInputElement).value).toBe('NEW1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'ชื่อภาษาไทย' }), {
      target: { value: 'หน่วยใหม่' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect(await within(dialog).findByText('ชื่อนี้ใช้ไม่ได้')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'บันทึก' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('รหัสส่วนราชการ NEW1 มีอยู่แล้ว');
  });

  it('imports a file: the preview shows each refused row in Thai, a corrected file is then imported', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['save-goverment-info']) }));
    const badFile = 'code,nameTh,officeType,parent\nDEPT-1,กรมหนึ่ง,2,NOPE\n';
    const goodFile = 'code,nameTh,officeType,parent\nDEPT-1,กรมหนึ่ง,2,MSDHS\n';
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const result = (parent: string, errors: { field: string; messageTh: string; messageEn: string }[]) => ({
      __typename: 'ReferenceImportResult',
      fileName: 'units.csv',
      format: 'CSV',
      columns: ['code', 'nameTh', 'officeType', 'parent'],
      total: 1,
      created: errors.length ? 0 : 1,
      updated: 0,
      errorRows: errors.length ? 1 : 0,
      committed: false,
      rows: [
        {
          __typename: 'ReferenceImportRow',
          row: 2,
          action: 'CREATE',
          code: 'DEPT-1',
          values: { code: 'DEPT-1', nameTh: 'กรมหนึ่ง', officeType: '2', parent },
          errors: errors.map((error) => ({ __typename: 'ReferenceImportError', ...error })),
        },
      ],
    });
    const variables = (text: string) => ({
      type: 'GOVERNMENT_INFO',
      file: base64(text),
      fileName: 'units.csv',
    });
    renderRoute('/backoffice/save-goverment-info', {
      session,
      mocks: [
        menuCheckMock('save-goverment-info', true),
        typesMock,
        itemsMock('GOVERNMENT_INFO', []),
        {
          request: { query: PreviewReferenceImportMutation, variables: variables(badFile) },
          result: {
            data: {
              previewReferenceImport: result('NOPE', [
                {
                  field: 'parent',
                  messageTh: 'ไม่พบสังกัด รหัส NOPE',
                  messageEn: 'No parent agency with code NOPE',
                },
              ]),
            },
          },
        },
        {
          request: { query: PreviewReferenceImportMutation, variables: variables(goodFile) },
          result: { data: { previewReferenceImport: result('MSDHS', []) } },
        },
        {
          request: { query: CommitReferenceImportMutation, variables: variables(goodFile) },
          result: { data: { commitReferenceImport: { ...result('MSDHS', []), committed: true } } },
        },
        itemsMock('GOVERNMENT_INFO', [item(2, 'DEPT-1', 'กรมหนึ่ง')]),
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'นำเข้าจากไฟล์' }));
    const dialog = await screen.findByRole('dialog', { name: 'นำเข้าส่วนราชการจากไฟล์' });
    const input = within(dialog).getByLabelText('ไฟล์ข้อมูล');
    const check = within(dialog).getByRole('button', { name: 'ตรวจสอบไฟล์' });
    expect(check.hasAttribute('disabled')).toBe(true);

    fireEvent.change(input, { target: { files: [new File([badFile], 'units.csv', { type: 'text/csv' })] } });
    fireEvent.click(check);
    const table = await within(dialog).findByRole('table', { name: 'ผลการตรวจสอบไฟล์' });
    const row = within(table).getByText('DEPT-1').closest('tr');
    expect(row?.getAttribute('data-invalid')).toBe('true');
    expect(within(dialog).getByText('ไม่พบสังกัด รหัส NOPE', { exact: false })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'ยืนยันนำเข้า 1 แถว' }).hasAttribute('disabled')).toBe(
      true,
    );

    fireEvent.change(input, { target: { files: [new File([goodFile], 'units.csv', { type: 'text/csv' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ตรวจสอบไฟล์' }));
    expect(await within(dialog).findByText('ทุกแถวถูกต้อง', { exact: false })).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: 'ยืนยันนำเข้า 1 แถว' });
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    expect(await screen.findByText('นำเข้าส่วนราชการ 1 แถวเรียบร้อยแล้ว')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'นำเข้าส่วนราชการจากไฟล์' })).toBeNull());
  });

  it('offers no import to someone who may only view', async () => {
    const session = signedInStore(staffUser({ menus: menusFor(['view-goverment-info']) }));
    renderRoute('/backoffice/view-goverment-info', {
      session,
      mocks: [
        menuCheckMock('view-goverment-info', true),
        typesMock,
        itemsMock('GOVERNMENT_INFO', []),
        itemsMock('STORAGE', []),
      ],
    });
    expect(await screen.findByRole('table', { name: 'ส่วนราชการ' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'นำเข้าจากไฟล์' })).toBeNull();
  });
});
