import generatePayload from 'promptpay-qr';
import QRCode from 'qrcode';
import { badInput } from '../../platform/errors';

// The PromptPay QR a visitor scans with their bank's app: an EMVCo merchant-presented payload (tag 29
// with the PromptPay GUID and the account's mobile number or tax id, THB, TH, the amount when known,
// CRC-16/CCITT) made by npm promptpay-qr, drawn as SVG by npm qrcode. Nothing here is hand-rolled.

/** EMVCo tag 54 holds at most 13 characters: 9,999,999,999.99 baht. */
const MAX_QR_AMOUNT = 9_999_999_999.99;

/**
 * The payload for a PromptPay id (a 10-digit mobile number or a 13-digit citizen or tax id) and, when
 * given, an amount in baht as the API's decimal text ("1500.00"): a QR with an amount is "dynamic"
 * (POI 12) and the bank app fills it in.
 */
export function promptPayPayload(promptPayId: string, amount: string | null): string {
  const id = promptPayId.replace(/[\s-]/g, '');
  // The shape only: the account's save already checked a 13-digit id's check digit (isPromptPayId).
  if (!/^(0\d{9}|\d{13})$/.test(id))
    throw badInput('พร้อมเพย์ของบัญชีนี้ไม่ถูกต้อง', 'The account’s PromptPay id is not valid');
  if (amount === null) return generatePayload(id, {});
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0 || Number(amount) > MAX_QR_AMOUNT)
    throw badInput(
      'จำนวนเงินสำหรับ QR พร้อมเพย์ต้องมากกว่า 0 และไม่เกิน 9,999,999,999.99 บาท ทศนิยมไม่เกิน 2 ตำแหน่ง',
      'The PromptPay QR amount must be above 0 and at most 9,999,999,999.99 baht, with at most 2 decimals',
      { fields: [{ field: 'amount', messageTh: 'จำนวนเงินไม่ถูกต้อง', messageEn: 'The amount is not valid' }] },
    );
  return generatePayload(id, { amount: Number(amount) });
}

/** The payload as an SVG image (error correction M, a quiet zone of 4 modules as the standard asks). */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}
