import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../platform/i18n';
import { renderRoute } from '../../testing/render-route';
import { RegisterDonorMutation } from './auth.operations';

const DONOR = {
  email: 'Malee.D@Example.com',
  password: 'Donate-to-Namjai-2569',
  firstNameTh: 'มาลี',
  lastNameTh: 'ใจบุญ',
  phone: '081 234 5678',
};

const registerDonorInput = {
  email: 'malee.d@example.com',
  password: DONOR.password,
  firstNameTh: DONOR.firstNameTh,
  lastNameTh: DONOR.lastNameTh,
  phone: DONOR.phone,
  citizenId: null,
  pdpaConsent: true,
};

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillThaiForm() {
  await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิกผู้บริจาค' });
  type(/^อีเมล/, DONOR.email);
  type(/^รหัสผ่าน/, DONOR.password);
  type(/^ยืนยันรหัสผ่าน/, DONOR.password);
  type(/^ชื่อ/, DONOR.firstNameTh);
  type(/^นามสกุล/, DONOR.lastNameTh);
  type(/^หมายเลขโทรศัพท์/, DONOR.phone);
}

/** Ticks the consent box and waits until the box shows it, as a person does before going on. */
async function giveConsent() {
  const box = screen.getByRole('checkbox', { name: /ข้าพเจ้ายินยอม/ });
  fireEvent.click(box);
  const root = box.closest('[data-scope="checkbox"][data-part="root"]');
  await waitFor(() => expect(root?.getAttribute('data-state')).toBe('checked'));
}

describe('donor sign-up (/signup)', () => {
  it('checks every field in Thai before anything is sent', async () => {
    renderRoute('/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'สมัครสมาชิก' }));
    expect((await screen.findAllByText('กรุณากรอกข้อมูล')).length).toBe(5);
    expect(screen.getByText('กรุณายอมรับนโยบายการคุ้มครองข้อมูลส่วนบุคคลก่อนสมัครสมาชิก')).toBeTruthy();

    type(/^อีเมล/, 'not-an-address');
    type(/^รหัสผ่าน/, 'short');
    type(/^ยืนยันรหัสผ่าน/, 'different');
    type(/^ชื่อ/, 'ก'.repeat(101));
    type(/^หมายเลขโทรศัพท์/, 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));
    expect(await screen.findByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
    expect(screen.getByText('รหัสผ่านต้องมีความยาว 8 ถึง 64 ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('รหัสผ่านทั้งสองช่องไม่ตรงกัน')).toBeTruthy();
    expect(screen.getByText('ยาวได้ไม่เกิน 100 ตัวอักษร')).toBeTruthy();
    expect(screen.getByText('หมายเลขโทรศัพท์ไม่ถูกต้อง')).toBeTruthy();

    // A donor's e-mail is their username: at most 100 characters.
    type(/^อีเมล/, `${'a'.repeat(95)}@example.com`);
    await waitFor(() => expect(screen.getAllByText('ยาวได้ไม่เกิน 100 ตัวอักษร')).toHaveLength(2));
  });

  it('checks in English when English is chosen, and follows a language switch', async () => {
    await changeLanguage('en');
    renderRoute('/signup');
    await screen.findByRole('heading', { level: 1, name: 'Sign up as a donor' });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByText('Please accept the personal data protection policy to sign up')).toBeTruthy();
    await changeLanguage('th');
    expect(await screen.findByText('รูปแบบอีเมลไม่ถูกต้อง')).toBeTruthy();
  });

  it('signs up with the consent given and tells the donor to check their e-mail', async () => {
    renderRoute('/signup', {
      mocks: [
        {
          request: { query: RegisterDonorMutation, variables: { input: registerDonorInput } },
          result: { data: { registerDonor: true } },
        },
      ],
    });
    await fillThaiForm();
    await giveConsent();
    fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));

    const done = await screen.findByRole('status');
    expect(within(done).getByText('กรุณาตรวจสอบอีเมลของท่าน')).toBeTruthy();
    expect(done.textContent).toContain('malee.d@example.com');
    expect(screen.queryByRole('button', { name: 'สมัครสมาชิก' })).toBeNull();
  });

  it('shows the server’s refusal in Thai and keeps the form', async () => {
    renderRoute('/signup', {
      mocks: [
        {
          request: { query: RegisterDonorMutation, variables: { input: registerDonorInput } },
          result: {
            errors: [
              // A registered e-mail is answered as a new one (docs/sign-in.md): refusals are of the input.
              new GraphQLError('common', {
                extensions: {
                  code: 'BAD_INPUT',
                  messageTh: 'รหัสผ่านนี้ถูกใช้กันทั่วไปและคาดเดาได้ง่าย กรุณาตั้งรหัสผ่านอื่น',
                  messageEn: 'This password is too common and easy to guess; please choose another',
                },
              }),
            ],
          },
        },
      ],
    });
    await fillThaiForm();
    await giveConsent();
    fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));
    expect((await screen.findByRole('alert')).textContent).toContain('รหัสผ่านนี้ถูกใช้กันทั่วไป');
    expect(screen.getByRole('button', { name: 'สมัครสมาชิก' })).toBeTruthy();
  });

  it('fills in the e-mail from a tracking e-mail’s link and sends the citizen id given, checked', async () => {
    renderRoute(`/signup?email=${encodeURIComponent('somsri.donor@example.com')}`, {
      mocks: [
        {
          request: {
            query: RegisterDonorMutation,
            variables: {
              input: { ...registerDonorInput, email: 'somsri.donor@example.com', citizenId: '1101700230708' },
            },
          },
          result: { data: { registerDonor: true } },
        },
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิกผู้บริจาค' });
    expect((screen.getByLabelText(/^อีเมล/) as HTMLInputElement).value).toBe('somsri.donor@example.com');
    type(/^รหัสผ่าน/, DONOR.password);
    type(/^ยืนยันรหัสผ่าน/, DONOR.password);
    type(/^ชื่อ/, DONOR.firstNameTh);
    type(/^นามสกุล/, DONOR.lastNameTh);
    type(/^หมายเลขโทรศัพท์/, DONOR.phone);
    type(/^เลขประจำตัวประชาชน/, '1-1017-00230-70-9');
    await giveConsent();
    fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));
    expect(await screen.findByText('เลขประจำตัวประชาชนไม่ถูกต้อง')).toBeTruthy();
    type(/^เลขประจำตัวประชาชน/, '1-1017-00230-70-8');
    fireEvent.click(screen.getByRole('button', { name: 'สมัครสมาชิก' }));
    expect((await screen.findByRole('status')).textContent).toContain('somsri.donor@example.com');
  });

  it('is linked from the donor login page', async () => {
    renderRoute('/login');
    const link = await screen.findByRole('link', { name: 'สมัครสมาชิกผู้บริจาค' });
    expect(link.getAttribute('href')).toBe('/signup');
  });
});
