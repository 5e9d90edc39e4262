import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitiseFileName } from './file-name';

describe('stored file names', () => {
  const pdf = { mediaType: 'application/pdf', extensions: ['pdf'] } as const;
  const jpeg = { mediaType: 'image/jpeg', extensions: ['jpg', 'jpeg'] } as const;

  it('keeps Thai names and a matching extension', () => {
    expect(sanitiseFileName('ใบเสร็จรับเงิน ๒๕๖๙.PDF', pdf)).toBe('ใบเสร็จรับเงิน ๒๕๖๙.pdf');
    expect(sanitiseFileName('รูปถ่าย.jpeg', jpeg)).toBe('รูปถ่าย.jpeg');
  });

  it('makes the extension follow the content', () => {
    expect(sanitiseFileName('scan.png', jpeg)).toBe('scan.jpg');
    expect(sanitiseFileName('report', pdf)).toBe('report.pdf');
    expect(sanitiseFileName('setup.exe', pdf)).toBe('setup.exe.pdf');
  });

  it('drops paths, control and bidi characters and reserved characters', () => {
    expect(sanitiseFileName('C:\\Users\\a\\..\\เอกสาร.pdf', pdf)).toBe('เอกสาร.pdf');
    expect(sanitiseFileName('../../etc/passwd', pdf)).toBe('passwd.pdf');
    expect(sanitiseFileName('invoice\u202Efdp.exe', pdf)).toBe('invoicefdp.exe.pdf');
    expect(sanitiseFileName('a\r\nb<c>:"d"|?*.pdf', pdf)).toBe('ab_c___d____.pdf');
    expect(sanitiseFileName('...', pdf)).toBe('file.pdf');
    expect(sanitiseFileName('', pdf)).toBe('file.pdf');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = sanitiseFileName(`${'ก'.repeat(400)}.pdf`, pdf);
    expect(Array.from(name)).toHaveLength(154);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('offers the name to browsers in RFC 5987 form with an ASCII fallback', () => {
    expect(contentDisposition("ใบเสร็จ (1)'s.pdf")).toBe(
      `attachment; filename="_______ (1)'s.pdf"; filename*=UTF-8''` +
        '%E0%B9%83%E0%B8%9A%E0%B9%80%E0%B8%AA%E0%B8%A3%E0%B9%87%E0%B8%88%20%281%29%27s.pdf',
    );
    expect(contentDisposition('a"b\\c.pdf')).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});
