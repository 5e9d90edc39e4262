import type { BankItem } from './common-list-item';

// Thai banks by Bank of Thailand code. Sources and the codes still to be confirmed: README.md here.

const bank = (
  botCode: string,
  shortName: string,
  swift: string | null,
  nameTh: string,
  nameEn: string,
): BankItem => ({ code: botCode, botCode, swift, shortName, nameTh, nameEn });

export const banks: readonly BankItem[] = [
  bank('002', 'BBL', 'BKKBTHBK', 'ธนาคารกรุงเทพ จำกัด (มหาชน)', 'Bangkok Bank'),
  bank('004', 'KBANK', 'KASITHBK', 'ธนาคารกสิกรไทย จำกัด (มหาชน)', 'Kasikornbank'),
  bank('006', 'KTB', 'KRTHTHBK', 'ธนาคารกรุงไทย จำกัด (มหาชน)', 'Krung Thai Bank'),
  bank('011', 'TTB', 'TMBKTHBK', 'ธนาคารทหารไทยธนชาต จำกัด (มหาชน)', 'TMBThanachart Bank'),
  bank('014', 'SCB', 'SICOTHBK', 'ธนาคารไทยพาณิชย์ จำกัด (มหาชน)', 'Siam Commercial Bank'),
  bank(
    '020',
    'SCBT',
    'SCBLTHBX',
    'ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย) จำกัด (มหาชน)',
    'Standard Chartered Bank (Thai)',
  ),
  bank('022', 'CIMBT', 'UBOBTHBK', 'ธนาคารซีไอเอ็มบี ไทย จำกัด (มหาชน)', 'CIMB Thai Bank'),
  bank('024', 'UOBT', 'UOVBTHBK', 'ธนาคารยูโอบี จำกัด (มหาชน)', 'United Overseas Bank (Thai)'),
  bank('025', 'BAY', 'AYUDTHBK', 'ธนาคารกรุงศรีอยุธยา จำกัด (มหาชน)', 'Bank of Ayudhya (Krungsri)'),
  bank('030', 'GSB', 'GSBATHBK', 'ธนาคารออมสิน', 'Government Savings Bank'),
  bank('033', 'GHB', 'GOHUTHB1', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank'),
  bank(
    '034',
    'BAAC',
    'BAABTHBK',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    'Bank for Agriculture and Agricultural Cooperatives',
  ),
  bank('066', 'IBANK', 'TIBTTHBK', 'ธนาคารอิสลามแห่งประเทศไทย', 'Islamic Bank of Thailand'),
  bank('067', 'TISCO', 'TFPCTHB1', 'ธนาคารทิสโก้ จำกัด (มหาชน)', 'TISCO Bank'),
  bank('069', 'KKP', 'KKPBTHBK', 'ธนาคารเกียรตินาคินภัทร จำกัด (มหาชน)', 'Kiatnakin Phatra Bank'),
  bank('070', 'ICBCT', 'ICBKTHBK', 'ธนาคารไอซีบีซี (ไทย) จำกัด (มหาชน)', 'ICBC (Thai)'),
  bank('071', 'TCRB', 'THCETHB1', 'ธนาคารไทยเครดิต จำกัด (มหาชน)', 'Thai Credit Bank'),
  bank('073', 'LHB', 'LAHRTHB2', 'ธนาคารแลนด์ แอนด์ เฮ้าส์ จำกัด (มหาชน)', 'Land and Houses Bank'),
  bank(
    '098',
    'SMED',
    null,
    'ธนาคารพัฒนาวิสาหกิจขนาดกลางและขนาดย่อมแห่งประเทศไทย',
    'SME Development Bank of Thailand',
  ),
];
