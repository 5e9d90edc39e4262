import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { DonationPointsQuery, ProvinceCentresQuery } from './near-me.queries';

// The map is Leaflet's (drawn and checked in the browser test, e2e/near-me.browser.test.ts); here it
// is left out so these tests read the list, the order and the messages.
vi.mock('./map/near-me-map', () => ({ default: () => null }));

const province = (id: number, nameTh: string, nameEn: string) => ({
  __typename: 'Province' as const,
  id,
  nameTh,
  nameEn,
});

const point = (
  code: string,
  nameTh: string,
  latitude: number | null,
  longitude: number | null,
  p: ReturnType<typeof province>,
) => ({
  __typename: 'OrganisationUnit' as const,
  id: code,
  code,
  nameTh,
  nameEn: `${nameTh} (en)`,
  addressLine: 'ศาลากลางจังหวัด',
  postcode: '10000',
  latitude,
  longitude,
  phone: '02 000 0000',
  openingHours: 'จันทร์–ศุกร์ 08:30–16:30 น.',
  subDistrict: null,
  province: p,
});

const chiangMai = province(38, 'เชียงใหม่', 'Chiang Mai');
const songkhla = province(70, 'สงขลา', 'Songkhla');
const bangkok = province(1, 'กรุงเทพมหานคร', 'Bangkok');

const mocks: MockLink.MockedResponse[] = [
  {
    request: { query: DonationPointsQuery },
    result: {
      data: {
        donationPoints: [
          point('MSDHS', 'กระทรวง', 13.7563, 100.5142, bangkok),
          point('OPS-P38', 'สำนักงานเชียงใหม่', 18.8386, 98.9687, chiangMai),
          point('OPS-P70', 'สำนักงานสงขลา', 7.1988, 100.5951, songkhla),
          point('OPS-NONE', 'หน่วยไม่มีพิกัด', null, null, bangkok),
        ],
      },
    },
  },
  {
    request: { query: ProvinceCentresQuery },
    result: {
      data: {
        provinces: [
          { ...province(1, 'กรุงเทพมหานคร', 'Bangkok'), latitude: 13.793, longitude: 100.6256 },
          { ...province(38, 'เชียงใหม่', 'Chiang Mai'), latitude: 18.8542, longitude: 98.9268 },
          { ...province(70, 'สงขลา', 'Songkhla'), latitude: 7.0654, longitude: 100.5389 },
        ],
      },
    },
  },
];

function stubGeolocation(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    answer(ok, fail as PositionErrorCallback),
  );
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

const listOrder = async () => {
  const list = await screen.findByRole('list', { name: /จุดรับบริจาค/ });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
};

describe('near me', () => {
  it('falls back to a chosen province when the visitor refuses their location', async () => {
    const ask = stubGeolocation((_ok, fail) =>
      fail({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
    );
    renderRoute('/near-me', { mocks });
    // Nothing is asked on arrival; the list reads by code until the visitor says where they are.
    expect(await listOrder()).toEqual(['กระทรวง', 'หน่วยไม่มีพิกัด', 'สำนักงานเชียงใหม่', 'สำนักงานสงขลา']);
    expect(ask).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'ใช้ตำแหน่งปัจจุบันของฉัน' }));
    expect(await screen.findByText('ไม่ได้รับอนุญาตให้ใช้ตำแหน่งของท่าน')).toBeTruthy();
    // Announced at once to screen readers.
    expect(screen.getByRole('alert').textContent).toContain('ไม่ได้รับอนุญาตให้ใช้ตำแหน่งของท่าน');
    const select = screen.getByRole('combobox', { name: 'หรือเลือกจังหวัด' });
    await waitFor(() => expect(document.activeElement).toBe(select));

    fireEvent.change(select, { target: { value: '70' } });
    expect(await screen.findByText('เรียงจากใกล้ไปไกล นับจากใจกลางจังหวัดสงขลา')).toBeTruthy();
    expect(await listOrder()).toEqual(['สำนักงานสงขลา', 'กระทรวง', 'สำนักงานเชียงใหม่', 'หน่วยไม่มีพิกัด']);
    // Songkhla's office is about 15 km from the province centre.
    const first = screen.getByRole('listitem', { name: 'สำนักงานสงขลา' });
    expect(within(first).getByText(/^\d+(\.\d)? กม\.$/).textContent).toMatch(/^1\d(\.\d)? กม\.$/);
  });

  it('ranks from the device when the visitor shares their location, with a directions link', async () => {
    // A visitor in Lamphun, 25 km south of Chiang Mai.
    stubGeolocation((ok) =>
      ok({
        coords: { latitude: 18.5747, longitude: 99.0087, accuracy: 30 } as GeolocationCoordinates,
        timestamp: Date.now(),
      } as GeolocationPosition),
    );
    renderRoute('/near-me', { mocks });
    await listOrder();
    fireEvent.click(screen.getByRole('button', { name: 'ใช้ตำแหน่งปัจจุบันของฉัน' }));
    expect(await screen.findByText('เรียงจากใกล้ไปไกล นับจากตำแหน่งปัจจุบันของท่าน')).toBeTruthy();
    expect(await listOrder()).toEqual(['สำนักงานเชียงใหม่', 'กระทรวง', 'สำนักงานสงขลา', 'หน่วยไม่มีพิกัด']);
    const first = screen.getByRole('listitem', { name: 'สำนักงานเชียงใหม่' });
    const directions = within(first).getByRole('link', { name: /เส้นทาง/ });
    expect(directions.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/directions?route=%3B18.83860%2C98.96870',
    );
    expect(within(first).getByRole('link', { name: '02 000 0000' }).getAttribute('href')).toBe(
      'tel:020000000',
    );
    // A point without a position has no directions link and no distance.
    const unplaced = screen.getByRole('listitem', { name: 'หน่วยไม่มีพิกัด' });
    expect(within(unplaced).queryByRole('link', { name: /เส้นทาง/ })).toBeNull();
    expect(within(unplaced).queryByText(/กม\./)).toBeNull();
  });
});
