import { badInput } from '../../platform/errors';
import { isValidCitizenId } from '../../platform/validation/citizen-id';
import { isEmail } from '../../platform/validation/email';

// What staff registration, donor sign-up and the account edits check alike in a person's input.

export function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

export function requireText(value: string | null | undefined, th: string, en: string): string {
  const v = clean(value);
  if (!v) throw badInput(`กรุณาระบุ${th}`, `${en} is required`);
  return v;
}

export function assertCitizenId(id: string | null): void {
  if (id !== null && !isValidCitizenId(id)) {
    throw badInput(
      'เลขประจำตัวประชาชนไม่ถูกต้อง (13 หลักพร้อมเลขตรวจสอบ)',
      'Invalid citizen id (13 digits with checksum)',
    );
  }
}

export function assertEmail(email: string): void {
  if (!isEmail(email)) throw badInput('รูปแบบอีเมลไม่ถูกต้อง', 'Invalid e-mail address');
}
