import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../platform/app-providers';
import { docField } from '../../testing/document-fixtures';
import type { DocumentField } from '../documents';
import { DocumentRefSelect, EditedDocumentContext } from '../documents';
import { donationChoiceLabel } from './donation-choice-select';
import { RoyalDecorationDonationChoicesQuery } from './royal-decoration.operations';

// A royal decoration proposal's line picker (docs/royal-decoration.md): the chosen donor's countable
// donations as the server's rule gives them, each named by number, date (B.E.), donor and value.

const field = docField('moneyDonation', 'เงินบริจาค (รหัสเอกสาร)', {
  kind: 'integer',
  refDocumentType: 'MONEY_DONATION',
  refDocumentStatus: 'APPROVED',
  refChoicesQuery: 'royalDecorationDonationChoices',
}) as unknown as DocumentField;

const choice = (id: number, number: string, donatedOn: string, value: string) => ({
  __typename: 'RoyalDecorationDonationChoice',
  documentType: 'MONEY_DONATION',
  id,
  number,
  donatedOn,
  donorNameTh: 'นายเกียรติ ใจบุญ',
  donorNameEn: 'Mr Kiat Jaiboon',
  value,
});

const choicesMock = (proposal: number | null) => ({
  request: {
    query: RoyalDecorationDonationChoicesQuery,
    variables: { donor: 12, proposalYear: 2570, documentType: 'MONEY_DONATION', proposal },
  },
  result: {
    data: {
      royalDecorationDonationChoices: [
        choice(41, 'DM-2570-000041', '2026-10-20', '120000.00'),
        choice(7, 'DM-2569-000007', '2026-03-05', '5000.5'),
      ],
    },
  },
});

function renderPicker(header: Record<string, unknown>, documentId: number | null = null) {
  return render(
    <MockedProvider mocks={[choicesMock(documentId)]}>
      <AppProviders>
        <EditedDocumentContext.Provider value={documentId}>
          <Formik
            initialValues={{ header, remark: '', lines: [{ moneyDonation: '' }] }}
            onSubmit={() => undefined}
          >
            <Form>
              <DocumentRefSelect field={field} name="lines.0.moneyDonation" display={{}} />
            </Form>
          </Formik>
        </EditedDocumentContext.Provider>
      </AppProviders>
    </MockedProvider>,
  );
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the royal decoration line picker', () => {
  it("offers the chosen donor's donations by number, Buddhist-era date, donor and value", async () => {
    renderPicker({ donor: '12', proposalYear: '2570' });
    const select = screen.getByRole('combobox', { name: 'เงินบริจาค (รหัสเอกสาร)' });
    await within(select).findByRole('option', { name: /DM-2570-000041/ });
    expect(optionNames(select)).toEqual([
      '-- กรุณาเลือก --',
      'DM-2570-000041 — 20/10/2569 — นายเกียรติ ใจบุญ — 120,000.00 บาท',
      'DM-2569-000007 — 05/03/2569 — นายเกียรติ ใจบุญ — 5,000.50 บาท',
    ]);
    expect((select as HTMLSelectElement).disabled).toBe(false);
  });

  it('asks for the proposal being edited, which keeps its own donations', async () => {
    renderPicker({ donor: 12, proposalYear: 2570 }, 9);
    const select = screen.getByRole('combobox', { name: 'เงินบริจาค (รหัสเอกสาร)' });
    await within(select).findByRole('option', { name: /DM-2569-000007/ });
  });

  it('offers nothing until a donor is chosen', () => {
    renderPicker({ donor: '', proposalYear: '2570' });
    const select = screen.getByRole('combobox', { name: 'เงินบริจาค (รหัสเอกสาร)' }) as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(optionNames(select)).toEqual(['-- กรุณาเลือก --']);
    expect(screen.getByText(/เลือกผู้บริจาคและปีงบประมาณก่อน/)).toBeTruthy();
  });

  it('names a choice in English with the donor’s English name', () => {
    expect(donationChoiceLabel(choice(41, 'DM-2570-000041', '2026-10-20', '120000.00'), 'en')).toBe(
      'DM-2570-000041 — 20/10/2569 — Mr Kiat Jaiboon — 120,000.00 baht',
    );
  });
});
