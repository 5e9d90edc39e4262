import { describe, expect, it } from 'vitest';
import type { ReceiptRequest } from './receipt-request.entity';
import { requestedMail } from './receipt-request.mail';

// The receipt-request mail names the goods as people write them (docs/decisions.md, "Numbers as
// people write them"): the form stores quantities at three decimals ("50.000"), the mail reads "50".

const request = (items: ReceiptRequest['items']) =>
  ({
    id: 1,
    number: 'RR-2570-000001',
    kind: 'GOODS',
    requesterName: 'สมใจ ใจดี',
    email: 'somjai@example.test',
    donatedOn: '2026-11-20',
    amount: null,
    items,
    delivery: 'EMAIL',
  }) as unknown as ReceiptRequest;

const context = {
  publicUrl: 'https://namjai.test',
  unitNameTh: 'ศูนย์ทดสอบ',
  unitNameEn: 'Test centre',
  postalAddress: null,
};

describe('receipt-request mail', () => {
  it('shows sacks without decimals and kilograms with their three', () => {
    const mail = requestedMail(
      request([
        { description: 'ข้าวสาร', quantity: '50.000', unit: 'กระสอบ' },
        { description: 'น้ำตาล', quantity: '2.500', unit: 'กิโลกรัม' },
        { description: 'น้ำดื่ม', quantity: '1200.000', unit: null },
      ]),
      context,
    );
    const th = mail.text.split('---')[0] ?? '';
    const en = mail.text.split('---')[1] ?? '';
    for (const part of [th, en]) {
      expect(part).toContain('1. ข้าวสาร 50 กระสอบ\n');
      expect(part).toContain('2. น้ำตาล 2.500 กิโลกรัม\n');
      expect(part).toContain('3. น้ำดื่ม 1,200\n');
    }
    expect(th).toContain('รายการสิ่งของ:\n1. ข้าวสาร 50 กระสอบ');
    expect(en).toContain('Goods:\n1. ข้าวสาร 50 กระสอบ');
    expect(mail.text).not.toContain('50.000');
  });
});
