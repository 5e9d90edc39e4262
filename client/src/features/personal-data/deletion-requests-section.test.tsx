import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-route';
import { signedInStore, staffUser } from '../../testing/session-fixtures';
import { FEATURE_SECTIONS } from '../backoffice';
import { DeletionRequestsSection } from './deletion-requests-section';
import { DecidePersonalDataRequestMutation, PersonalDataRequestsQuery } from './personal-data.operations';

// Donors' deletion requests below the edit-donator list (MN-020): who asked, their linked records,
// the actions the server allows the person, and a rejection that cannot be sent without a reason.

const request = (over: Record<string, unknown> = {}) => ({
  __typename: 'PersonalDataRequestCase',
  id: '3',
  status: 'REQUESTED',
  statusLabelTh: 'รอดำเนินการ',
  reason: 'ไม่ประสงค์ให้เก็บข้อมูล',
  requestedAt: '2026-11-24T02:00:00.000Z',
  decidedAt: null,
  decidedByName: null,
  decisionNote: null,
  userId: '99',
  email: 'somsri@example.com',
  firstNameTh: 'สมศรี',
  lastNameTh: 'รักษ์ข้อมูล',
  citizenId: null,
  donors: [
    {
      __typename: 'PersonalDataRequestDonor',
      id: '41',
      code: 'DN-000041',
      donorType: 'PERSON',
      nameTh: 'สมศรี รักษ์ข้อมูล',
      taxId: '3200200000015',
    },
    {
      __typename: 'PersonalDataRequestDonor',
      id: '42',
      code: 'DN-000042',
      donorType: 'JURISTIC',
      nameTh: 'บริษัท สมศรี จำกัด',
      taxId: '0105556000017',
    },
  ],
  allowedActions: ['COMPLETE', 'REJECT'],
  outcome: null,
  ...over,
});

const listMock = (status: string | null, items: unknown[]): MockLink.MockedResponse => ({
  request: { query: PersonalDataRequestsQuery, variables: { status } },
  result: { data: { personalDataRequests: items } },
});

const decided = (status: string, statusLabelTh: string, decisionNote: string | null) => ({
  request: {},
  result: {
    data: {
      decidePersonalDataRequest: {
        __typename: 'PersonalDataRequestCase',
        id: '3',
        status,
        statusLabelTh,
        allowedActions: [],
        decisionNote,
        outcome: null,
      },
    },
  },
});

describe('deletion requests on the edit-donator screen', () => {
  it('is the section the edit-donator key adds below the donor list', async () => {
    expect(FEATURE_SECTIONS['edit-donator']).toHaveLength(1);
    const [section] = FEATURE_SECTIONS['edit-donator'];
    // A lazy component: loading it gives the deletion-requests section.
    const loaded = await (
      section as unknown as { _payload: { _result: () => Promise<{ default: unknown }> } }
    )._payload._result();
    expect(loaded.default).toBe(DeletionRequestsSection);
  });

  it('shows who asked and their records, and completes a request after a confirmation', async () => {
    renderWithProviders(<DeletionRequestsSection />, {
      session: signedInStore(staffUser()),
      mocks: [
        listMock('REQUESTED', [request()]),
        {
          ...decided('COMPLETED', 'ลบข้อมูลที่ระบุตัวตนแล้ว', null),
          request: {
            query: DecidePersonalDataRequestMutation,
            variables: { requestId: '3', action: 'COMPLETE', note: null },
          },
        },
        listMock('REQUESTED', []),
      ],
    });
    const card = await screen.findByTestId('deletion-request-3');
    expect(card.textContent).toContain('สมศรี รักษ์ข้อมูล · somsri@example.com');
    expect(card.textContent).toContain('DN-000041 สมศรี รักษ์ข้อมูล');
    expect(card.textContent).toContain('DN-000042 บริษัท สมศรี จำกัด (นิติบุคคล: ยกเลิกการเชื่อมเท่านั้น)');
    fireEvent.click(within(card).getByRole('button', { name: 'ลบข้อมูลที่ระบุตัวตน' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ยืนยันการลบข้อมูลที่ระบุตัวตน' });
    expect(dialog.textContent).toContain('ย้อนกลับไม่ได้');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ลบข้อมูลที่ระบุตัวตน' }));
    expect(await screen.findByText('ไม่มีคำขอ')).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    renderWithProviders(<DeletionRequestsSection />, {
      session: signedInStore(staffUser()),
      mocks: [
        listMock('REQUESTED', [request()]),
        {
          ...decided('REJECTED', 'ไม่ดำเนินการตามคำขอ', 'ยังมีรายการที่อยู่ระหว่างตรวจสอบ'),
          request: {
            query: DecidePersonalDataRequestMutation,
            variables: { requestId: '3', action: 'REJECT', note: 'ยังมีรายการที่อยู่ระหว่างตรวจสอบ' },
          },
        },
        listMock('REQUESTED', []),
      ],
    });
    const card = await screen.findByTestId('deletion-request-3');
    fireEvent.click(within(card).getByRole('button', { name: 'ไม่ดำเนินการตามคำขอ' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'ไม่ดำเนินการตามคำขอ' });
    const send = within(dialog).getByRole('button', { name: 'ไม่ดำเนินการตามคำขอ' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/^เหตุผล \(ส่งถึงผู้บริจาคทางอีเมล\)/), {
      target: { value: 'ยังมีรายการที่อยู่ระหว่างตรวจสอบ' },
    });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    fireEvent.click(send);
    expect(await screen.findByText('ไม่มีคำขอ')).toBeTruthy();
  });

  it('offers no action to staff outside the central scope', async () => {
    renderWithProviders(<DeletionRequestsSection />, {
      session: signedInStore(staffUser()),
      mocks: [listMock('REQUESTED', [request({ allowedActions: [] })])],
    });
    const card = await screen.findByTestId('deletion-request-3');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.textContent).toContain('ดำเนินการได้โดยเจ้าหน้าที่ส่วนกลาง');
  });
});
