import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersInTurn,
  docField,
  optionsMock,
  transferDescriptor,
  transferDocument,
} from '../../testing/document-fixtures';
import { renderWithProviders } from '../../testing/render-route';
import { menusFor, signedInStore, staffUser } from '../../testing/session-fixtures';
import type { DocumentDescriptor } from '../documents';
import { CreateDocumentMutation, DocumentFormDialog } from '../documents';
import {
  ReferenceOptionsQuery,
  ReferenceTypesQuery,
  SaveReferenceItemMutation,
} from './reference.operations';

// Issue 10: "pick a donator, or create one inline". A document's pick list whose type the server
// lets this person create (the field's inlineCreateMenuCodes) offers "add new", which opens that
// type's own reference-kit form; the saved donor is chosen in the document, which is not submitted
// with it. A refusal naming the donor who already has the citizen id offers to choose that one.

const DONATION = 'รับบริจาคสิ่งของ';

/** A goods-donation-like type: a donor (creatable inline with MN-020) and a storage (pick only). */
const donationDescriptor = {
  ...transferDescriptor,
  type: 'STOCK_TRANSFER',
  labelTh: DONATION,
  header: [
    docField('donor', 'ผู้บริจาค', {
      kind: 'reference',
      refType: 'DONATOR',
      required: true,
      inlineCreateMenuCodes: ['MN-020'],
    }),
    docField('storage', 'คลังที่รับ', { kind: 'reference', refType: 'STORAGE', required: true }),
  ],
  lines: [
    docField('resource', 'สิ่งของ', { kind: 'reference', refType: 'RESOURCE', required: true }),
    docField('quantity', 'จำนวน', { kind: 'decimal', scale: 3, min: 0.001, required: true }),
  ],
} as unknown as DocumentDescriptor;

const refField = (name: string, labelTh: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'ReferenceFieldDescriptor',
  name,
  kind: 'text',
  labelTh,
  labelEn: name,
  required: false,
  maxLength: 255,
  min: null,
  max: null,
  scale: null,
  options: [],
  refType: null,
  inlineCreateMenuCodes: [],
  derived: false,
  list: true,
  search: false,
  sort: false,
  ...extra,
});

const referenceTypesMock: MockLink.MockedResponse = {
  request: { query: ReferenceTypesQuery },
  result: {
    data: {
      referenceTypes: [
        {
          __typename: 'ReferenceTypeDescriptor',
          type: 'DONATOR',
          key: 'donator',
          labelTh: 'ผู้บริจาค',
          labelEn: 'Donor',
          viewMenuCodes: ['MN-021'],
          createMenuCodes: ['MN-020'],
          editMenuCodes: ['MN-020'],
          scope: 'NONE',
          screens: [{ __typename: 'ReferenceScreen', key: 'edit-donator', mode: 'SAVE' }],
          fields: [
            refField('code', 'รหัสผู้บริจาค', { kind: 'code', derived: true, maxLength: 20 }),
            refField('donorType', 'ประเภทผู้บริจาค', {
              kind: 'enum',
              required: true,
              maxLength: null,
              options: [
                { __typename: 'ReferenceOption', value: 'PERSON', labelTh: 'บุคคลธรรมดา', labelEn: 'Person' },
                {
                  __typename: 'ReferenceOption',
                  value: 'ANONYMOUS',
                  labelTh: 'ไม่ประสงค์ออกนาม',
                  labelEn: 'Anon',
                },
              ],
            }),
            refField('nameTh', 'ชื่อ-นามสกุล', { required: true }),
            refField('taxId', 'เลขประจำตัวประชาชน', { kind: 'taxId', maxLength: 13 }),
          ],
        },
      ],
    },
  },
};

const donors = [{ id: 1, code: 'DN-000001', nameTh: 'บริษัท ตัวอย่างใจดี จำกัด' }];

/** The donor pick list: the first answers without the new donor, later ones (the refetch) with it. */
function donorOptions(added: { id: number; code: string; nameTh: string } | null) {
  let calls = 0;
  const mock: MockLink.MockedResponse = {
    request: { query: ReferenceOptionsQuery, variables: (variables) => variables.type === 'DONATOR' },
    result: () => {
      calls += 1;
      const items = calls > 1 && added ? [...donors, added] : donors;
      return {
        data: {
          referenceOptions: items.map((item) => ({
            __typename: 'ReferenceOptionItem',
            nameEn: null,
            ...item,
          })),
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
  return { mock, calls: () => calls };
}

const savedDonor = {
  __typename: 'ReferenceItem',
  id: 77,
  code: 'DN-000077',
  statusCode: 'A',
  nameTh: 'สมใจ ใหม่เอี่ยม',
  nameEn: null,
  values: { donorType: 'PERSON', nameTh: 'สมใจ ใหม่เอี่ยม', taxId: '1101700207030' },
  display: {},
  createdAt: '2026-11-23T03:00:00.000Z',
  updatedAt: '2026-11-23T03:00:00.000Z',
};

function renderForm(menuKeys: string[], mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(
    <DocumentFormDialog
      descriptor={donationDescriptor}
      documentId={null}
      onClose={() => {}}
      onSaved={() => {}}
    />,
    {
      session: signedInStore(staffUser({ menus: menusFor(menuKeys) })),
      mocks: [
        optionsMock('STORAGE', [{ id: 3, code: 'ST-P28-DON', nameTh: 'คลังรับบริจาค' }]),
        optionsMock('RESOURCE', [{ id: 5, code: 'RICE-5KG', nameTh: 'ข้าวสาร' }]),
        referenceTypesMock,
        ...mocks,
      ],
    },
  );
}

const donorSelect = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'ผู้บริจาค' }) as HTMLSelectElement;

describe('adding a reference item from a document’s pick list', () => {
  it('offers "add new donor", saves it with the donor form, chooses it, and does not submit the document', async () => {
    const options = donorOptions({ id: 77, code: 'DN-000077', nameTh: 'สมใจ ใหม่เอี่ยม' });
    const save = answersInTurn(SaveReferenceItemMutation, [{ data: { saveReferenceItem: savedDonor } }]);
    const create = answersInTurn(CreateDocumentMutation, [{ data: { createDocument: transferDocument(9) } }]);
    renderForm(['add-donate-things', 'edit-donator'], [options.mock, save.mock, create.mock]);
    const form = await screen.findByRole('dialog', { name: `สร้าง${DONATION}` });
    await within(donorSelect(form)).findByRole('option', { name: /DN-000001/ });
    // The storage is picked only: its type is not creatable from a pick list.
    expect(within(form).getAllByRole('button', { name: /^เพิ่ม.*ใหม่$/ })).toHaveLength(1);

    fireEvent.click(within(form).getByRole('button', { name: 'เพิ่มผู้บริจาคใหม่' }));
    const donorForm = await screen.findByRole('dialog', { name: 'เพิ่มผู้บริจาค' });
    // The donor type's own form: its fields, the code left to the server.
    expect(within(donorForm).queryByRole('textbox', { name: 'รหัสผู้บริจาค' })).toBeNull();
    fireEvent.change(within(donorForm).getByRole('combobox', { name: 'ประเภทผู้บริจาค' }), {
      target: { value: 'PERSON' },
    });
    fireEvent.change(within(donorForm).getByRole('textbox', { name: 'ชื่อ-นามสกุล' }), {
      target: { value: 'สมใจ ใหม่เอี่ยม' },
    });
    fireEvent.change(within(donorForm).getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }), {
      target: { value: '1101700207030' },
    });
    fireEvent.click(within(donorForm).getByRole('button', { name: 'บันทึก' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'เพิ่มผู้บริจาค' })).toBeNull());
    expect(save.calls).toEqual([
      {
        type: 'DONATOR',
        input: {
          id: null,
          code: '',
          values: { donorType: 'PERSON', nameTh: 'สมใจ ใหม่เอี่ยม', taxId: '1101700207030' },
        },
      },
    ]);
    // Chosen in the document, named, and the pick list asked again.
    await waitFor(() => expect(donorSelect(form).value).toBe('77'));
    expect(within(donorSelect(form)).getByRole('option', { selected: true }).textContent).toBe(
      'DN-000077 สมใจ ใหม่เอี่ยม',
    );
    await waitFor(() => expect(options.calls()).toBeGreaterThan(1));
    // Saving the donor did not submit the document around it (React passes events up through the
    // dialog's portal; Formik's submit stops them): nothing sent, no field marked wrong.
    expect(create.calls).toHaveLength(0);
    expect(within(form).queryByText(/^กรุณา/)).toBeNull();
    expect(screen.getByRole('dialog', { name: `สร้าง${DONATION}` })).toBeTruthy();

    // The document then goes with the new donor.
    fireEvent.change(within(form).getByRole('combobox', { name: 'คลังที่รับ' }), { target: { value: '3' } });
    const line = within(form).getByRole('group', { name: 'รายการที่ 1' });
    await within(within(line).getByRole('combobox', { name: 'สิ่งของ' })).findByRole('option', {
      name: /RICE/,
    });
    fireEvent.change(within(line).getByRole('combobox', { name: 'สิ่งของ' }), { target: { value: '5' } });
    fireEvent.change(within(line).getByRole('textbox', { name: 'จำนวน' }), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'บันทึก' }));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]).toMatchObject({ input: { header: { donor: 77, storage: 3 } } });
  });

  it('offers nothing to a person without the donor type’s create code', async () => {
    renderForm(['add-donate-things', 'view-donator'], [donorOptions(null).mock]);
    const form = await screen.findByRole('dialog', { name: `สร้าง${DONATION}` });
    await within(donorSelect(form)).findByRole('option', { name: /DN-000001/ });
    expect(within(form).queryByRole('button', { name: 'เพิ่มผู้บริจาคใหม่' })).toBeNull();
  });

  it('when the citizen id is taken, shows why under the field and offers the donor who has it', async () => {
    const save = answersInTurn(SaveReferenceItemMutation, [
      {
        errors: [
          {
            message: 'taken',
            extensions: {
              code: 'CONFLICT',
              status: 409,
              messageTh: 'เลขประจำตัว 0105556000017 เป็นของผู้บริจาค DN-000001 อยู่แล้ว',
              messageEn: 'taken',
              details: {
                fields: [
                  {
                    field: 'taxId',
                    messageTh: 'เลขประจำตัว 0105556000017 เป็นของผู้บริจาค DN-000001 อยู่แล้ว',
                    messageEn: 'taken',
                  },
                ],
                existing: { id: 1, code: 'DN-000001', nameTh: 'บริษัท ตัวอย่างใจดี จำกัด', nameEn: null },
              },
            },
          },
        ],
      },
    ]);
    renderForm(['add-donate-things', 'edit-donator'], [donorOptions(null).mock, save.mock]);
    const form = await screen.findByRole('dialog', { name: `สร้าง${DONATION}` });
    await within(donorSelect(form)).findByRole('option', { name: /DN-000001/ });
    fireEvent.click(within(form).getByRole('button', { name: 'เพิ่มผู้บริจาคใหม่' }));
    const donorForm = await screen.findByRole('dialog', { name: 'เพิ่มผู้บริจาค' });
    fireEvent.change(within(donorForm).getByRole('combobox', { name: 'ประเภทผู้บริจาค' }), {
      target: { value: 'PERSON' },
    });
    fireEvent.change(within(donorForm).getByRole('textbox', { name: 'ชื่อ-นามสกุล' }), {
      target: { value: 'บริษัทเดิม' },
    });
    fireEvent.change(within(donorForm).getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }), {
      target: { value: '0105556000017' },
    });
    fireEvent.click(within(donorForm).getByRole('button', { name: 'บันทึก' }));
    expect(
      await within(donorForm).findByText('เลขประจำตัว 0105556000017 เป็นของผู้บริจาค DN-000001 อยู่แล้ว'),
    ).toBeTruthy();
    fireEvent.click(
      within(donorForm).getByRole('button', { name: 'เลือก DN-000001 บริษัท ตัวอย่างใจดี จำกัด แทน' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'เพิ่มผู้บริจาค' })).toBeNull());
    expect(donorSelect(form).value).toBe('1');
  });
});
