import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiSourceProvider, lazyApiSource } from '../../platform/api-client';
import { AppProviders } from '../../platform/app-providers';
import { changeLanguage } from '../../platform/i18n';
import { memoryStorage } from '../../platform/session/session-storage';
import { SessionStore } from '../../platform/session/session-store';
import { AddressDistrictsQuery, AddressProvincesQuery, AddressSubDistrictsQuery } from './address.queries';
import { AddressField } from './address-field';
import { type AddressValue, EMPTY_ADDRESS } from './address-value';
import { AddressField as PlainAddressField } from './plain/address-field';

const place = (__typename: string, id: number, nameTh: string, nameEn: string) => ({
  __typename,
  id,
  nameTh,
  nameEn,
});

const mocks = [
  {
    request: { query: AddressProvincesQuery },
    result: {
      data: {
        provinces: [
          place('Province', 1, 'กรุงเทพมหานคร', 'Bangkok'),
          place('Province', 38, 'เชียงใหม่', 'Chiang Mai'),
        ],
      },
    },
  },
  {
    request: { query: AddressDistrictsQuery, variables: { provinceId: 1 } },
    result: { data: { districts: [place('District', 1037, 'เขตราชเทวี', 'Khet Ratchathewi')] } },
  },
  {
    request: { query: AddressSubDistrictsQuery, variables: { districtId: 1037 } },
    result: {
      data: {
        subDistricts: [
          { ...place('SubDistrict', 103701, 'ทุ่งพญาไท', 'Thung Phaya Thai'), postcode: '10400' },
          { ...place('SubDistrict', 103703, 'มักกะสัน', 'Makkasan'), postcode: '10401' },
        ],
      },
    },
  },
];

// The plain skin reads the lists without Apollo (platform/public-query.ts): one POST /graphql
// each, answered here from the same mocks by operation name and variables.
function answerGraphqlFromMocks() {
  const sent: { query: string; variables?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { query: string; variables?: Record<string, unknown> };
      sent.push(body);
      const mock = mocks.find((m) => {
        const [operation] = m.request.query.definitions;
        const name = operation.kind === 'OperationDefinition' ? operation.name?.value : null;
        return new RegExp(`^query ${name}[({]`).test(body.query);
      });
      expect(body.variables ?? {}).toEqual(mock?.request.variables ?? {});
      return new Response(JSON.stringify(mock?.result ?? { errors: [{ message: 'no mock' }] }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPicker(
  onSubmit: (value: AddressValue) => void = () => undefined,
  skin: 'chakra' | 'plain' = 'chakra',
) {
  const form = (
    <Formik initialValues={{ address: EMPTY_ADDRESS }} onSubmit={(values) => onSubmit(values.address)}>
      <Form>
        {skin === 'chakra' ? (
          <AddressField name="address" legend="ที่อยู่" required />
        ) : (
          <PlainAddressField name="address" legend="ที่อยู่" required />
        )}
        <button type="submit">บันทึก</button>
      </Form>
    </Formik>
  );
  if (skin === 'plain')
    return render(
      <ApiSourceProvider source={lazyApiSource(new SessionStore({ storage: memoryStorage() }))}>
        <AppProviders>{form}</AppProviders>
      </ApiSourceProvider>,
    );
  return render(
    <MockedProvider mocks={mocks}>
      <AppProviders>{form}</AppProviders>
    </MockedProvider>,
  );
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const postcode = () => screen.getByRole('textbox', { name: 'รหัสไปรษณีย์' }) as HTMLInputElement;

describe('address picker', () => {
  it.each(['chakra', 'plain'] as const)(
    'fills the postcode of the chosen sub-district, read-only (%s skin)',
    async (skin) => {
      const sent = skin === 'plain' ? answerGraphqlFromMocks() : [];
      let submitted: AddressValue | undefined;
      renderPicker((value) => {
        submitted = value;
      }, skin);
      expect(screen.getByRole('group', { name: 'ที่อยู่' })).toBeTruthy();
      expect(select('อำเภอ/เขต').disabled).toBe(true);
      expect(postcode().readOnly).toBe(true);

      await screen.findByRole('option', { name: 'กรุงเทพมหานคร' });
      fireEvent.change(select('จังหวัด'), { target: { value: '1' } });
      await screen.findByRole('option', { name: 'เขตราชเทวี' });
      fireEvent.change(select('อำเภอ/เขต'), { target: { value: '1037' } });
      await screen.findByRole('option', { name: 'ทุ่งพญาไท' });
      fireEvent.change(select('ตำบล/แขวง'), { target: { value: '103701' } });

      await waitFor(() => expect(postcode().value).toBe('10400'));
      fireEvent.change(select('ตำบล/แขวง'), { target: { value: '103703' } });
      await waitFor(() => expect(postcode().value).toBe('10401'));

      fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
      await waitFor(() =>
        expect(submitted).toEqual({
          provinceId: 1,
          districtId: 1037,
          subDistrictId: 103703,
          postcode: '10401',
        }),
      );
      // Without Apollo, each list was one request with its variables (the district's, the province's).
      if (skin === 'plain')
        expect(sent.map((request) => request.variables ?? {})).toEqual([
          {},
          { provinceId: 1 },
          { districtId: 1037 },
        ]);
    },
  );

  it('clears the district, sub-district and postcode when the province changes', async () => {
    renderPicker();
    await screen.findByRole('option', { name: 'กรุงเทพมหานคร' });
    fireEvent.change(select('จังหวัด'), { target: { value: '1' } });
    await screen.findByRole('option', { name: 'เขตราชเทวี' });
    fireEvent.change(select('อำเภอ/เขต'), { target: { value: '1037' } });
    await screen.findByRole('option', { name: 'ทุ่งพญาไท' });
    fireEvent.change(select('ตำบล/แขวง'), { target: { value: '103701' } });
    await waitFor(() => expect(postcode().value).toBe('10400'));

    fireEvent.change(select('จังหวัด'), { target: { value: '' } });
    await waitFor(() => expect(postcode().value).toBe(''));
    expect(select('อำเภอ/เขต').value).toBe('');
    expect(select('อำเภอ/เขต').disabled).toBe(true);
    expect(select('ตำบล/แขวง').disabled).toBe(true);
  });

  it('names places and labels in English when English is chosen', async () => {
    await changeLanguage('en');
    renderPicker();
    expect(await screen.findByRole('option', { name: 'Chiang Mai' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sub-district' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toBeTruthy();
  });
});
