import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  type DonateTransferValues,
  formFieldOf,
  initialDonateTransferValues,
  normaliseAmount,
  toDonationPayload,
} from './donate-transfer.schema';

const filled = (over: Partial<DonateTransferValues>): DonateTransferValues => ({
  ...initialDonateTransferValues(DateTime.fromISO('2026-11-24T10:00:00', { zone: 'Asia/Bangkok' })),
  unitId: '7',
  moneyAccountId: '11',
  amount: '250',
  bank: '004',
  paymentReference: 'REF-1',
  donorName: 'สมศรี ใจบุญ',
  taxId: '1103700012346',
  email: 'a@example.com',
  ...over,
});

describe('the donation sent to the server', () => {
  it('starts on today in the Buddhist era, a named person wanting the receipt by e-mail', () => {
    const values = filled({});
    expect(values.transferredOn).toBe('24/11/2569');
    expect(toDonationPayload(values, 'key-12345678')).toMatchObject({
      transferredOn: '2026-11-24',
      donorType: 'PERSON',
      receiptDelivery: 'EMAIL',
      idempotencyKey: 'key-12345678',
    });
  });

  it('sends no id, name or receipt for an anonymous donor, and no bank for PromptPay', () => {
    const payload = toDonationPayload(
      filled({
        donorType: 'ANONYMOUS',
        receiptDelivery: 'POST',
        transferType: 'PROMPTPAY',
        addressLine: 'x',
      }),
      'key-12345678',
    );
    expect(payload).toMatchObject({
      donorName: null,
      taxId: null,
      receiptDelivery: 'NONE',
      addressLine: null,
      subDistrict: null,
      bank: null,
      paymentReference: null,
    });
  });

  it('sends the sub-district of a postal address, and maps the server’s field name back to it', () => {
    const payload = toDonationPayload(
      filled({
        receiptDelivery: 'POST',
        addressLine: ' 99/1 ถนนมิตรภาพ ',
        address: { provinceId: 28, districtId: 4001, subDistrictId: 400101, postcode: '40000' },
      }),
      'key-12345678',
    );
    expect(payload).toMatchObject({ addressLine: '99/1 ถนนมิตรภาพ', subDistrict: 400101 });
    expect(formFieldOf('subDistrict')).toBe('address.subDistrictId');
    expect(formFieldOf('taxId')).toBe('taxId');
  });

  it('keeps digits and one decimal point of a typed amount', () => {
    expect(normaliseAmount('1,500.50 บาท')).toBe('1500.50');
    expect(normaliseAmount('1.2.3')).toBe('1.23');
  });
});
