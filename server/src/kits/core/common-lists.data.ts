import { banks } from './banks.data';
import type { CommonListItem, ObjectiveItem, ScreenStatusItem } from './common-list-item';

// The fixed product lists among the no-auth /api/common calls (spec sec. 7, product-decisions
// sec. 4). Documents store the codes, so a code never changes meaning; add new entries instead.
// Lists that become editable reference data move to the reference-data kit.

const objective = (code: string, nameTh: string, nameEn: string, parentCode: string | null = null) => ({
  code,
  nameTh,
  nameEn,
  parentCode,
});

const objectives: readonly ObjectiveItem[] = [
  objective('GENERAL', 'สนับสนุนการดำเนินงานทั่วไป', 'General support'),
  objective('DISASTER', 'ช่วยเหลือผู้ประสบภัยพิบัติ', 'Disaster relief'),
  objective('DISASTER_FLOOD', 'อุทกภัย', 'Flood', 'DISASTER'),
  objective('DISASTER_FIRE', 'อัคคีภัย', 'Fire', 'DISASTER'),
  objective('DISASTER_DROUGHT', 'ภัยแล้ง', 'Drought', 'DISASTER'),
  objective('DISASTER_COLD', 'ภัยหนาว', 'Cold spell', 'DISASTER'),
  objective('DISASTER_STORM', 'วาตภัย', 'Storm', 'DISASTER'),
  objective('CHILDREN_YOUTH', 'เด็กและเยาวชน', 'Children and youth'),
  objective('OLDER_PERSONS', 'ผู้สูงอายุ', 'Older persons'),
  objective('DISABILITIES', 'คนพิการ', 'Persons with disabilities'),
  objective('HOMELESS', 'คนไร้ที่พึ่งและคนไร้บ้าน', 'Destitute and homeless persons'),
  objective('WOMEN_FAMILY', 'สตรีและครอบครัว', 'Women and families'),
  objective('SPECIFIC_EVENT', 'กิจกรรมหรือเหตุการณ์เฉพาะ', 'A specific event or campaign'),
];

const receiverTypes: readonly CommonListItem[] = [
  { code: 'INDIVIDUAL', nameTh: 'บุคคล', nameEn: 'Individual' },
  { code: 'HOUSEHOLD', nameTh: 'ครัวเรือน', nameEn: 'Household' },
  { code: 'COMMUNITY', nameTh: 'ชุมชน', nameEn: 'Community' },
  { code: 'FOUNDATION', nameTh: 'มูลนิธิ/สมาคม', nameEn: 'Foundation or association' },
  { code: 'GOVERNMENT', nameTh: 'หน่วยงานของรัฐ', nameEn: 'Government agency' },
  {
    code: 'WELFARE_INSTITUTION',
    nameTh: 'สถานสงเคราะห์/สถานคุ้มครอง',
    nameEn: 'Shelter or welfare institution',
  },
];

const donationMoneyKinds: readonly CommonListItem[] = [
  { code: 'GENERAL', nameTh: 'เงินบริจาคทั่วไป (ไม่ระบุวัตถุประสงค์)', nameEn: 'General donation' },
  { code: 'EARMARKED', nameTh: 'เงินบริจาคระบุวัตถุประสงค์', nameEn: 'Earmarked donation' },
];

// product-decisions sec. 4: person, juristic person or anonymous.
const donorTypes: readonly CommonListItem[] = [
  { code: 'PERSON', nameTh: 'บุคคลธรรมดา', nameEn: 'Natural person' },
  { code: 'JURISTIC', nameTh: 'นิติบุคคล', nameEn: 'Juristic person' },
  { code: 'ANONYMOUS', nameTh: 'ไม่ประสงค์ออกนาม', nameEn: 'Anonymous' },
];

// product-decisions sec. 4: new or used.
const resourceCharacters: readonly CommonListItem[] = [
  { code: 'NEW', nameTh: 'ของใหม่', nameEn: 'New' },
  { code: 'USED', nameTh: 'ของใช้แล้ว', nameEn: 'Used' },
];

const valuationBases: readonly CommonListItem[] = [
  { code: 'RECEIPT', nameTh: 'ตามใบเสร็จรับเงินหรือใบกำกับภาษี', nameEn: 'Purchase receipt or invoice' },
  { code: 'MARKET', nameTh: 'ราคาตลาด', nameEn: 'Market price' },
  { code: 'COMMITTEE', nameTh: 'ราคาประเมินโดยคณะกรรมการ', nameEn: 'Appraised by a committee' },
  { code: 'DECLARED', nameTh: 'มูลค่าตามที่ผู้บริจาคแจ้ง', nameEn: 'Value declared by the donor' },
];

// product-decisions sec. 4: screening records the outcome per item, and classifies what is accepted.
const screenStatuses: readonly ScreenStatusItem[] = [
  { code: 'ACCEPTED', nameTh: 'รับทั้งหมด', nameEn: 'Accepted', group: 'RESULT' },
  { code: 'PARTLY_ACCEPTED', nameTh: 'รับบางส่วน', nameEn: 'Partly accepted', group: 'RESULT' },
  { code: 'REJECTED', nameTh: 'ไม่รับ', nameEn: 'Rejected', group: 'RESULT' },
  { code: 'URGENT', nameTh: 'เร่งด่วน', nameEn: 'Urgent', group: 'CLASSIFICATION' },
  { code: 'NON_URGENT', nameTh: 'ไม่เร่งด่วน', nameEn: 'Non-urgent', group: 'CLASSIFICATION' },
  {
    code: 'NON_PRIORITY',
    nameTh: 'ไม่อยู่ในลำดับความสำคัญ',
    nameEn: 'Non-priority',
    group: 'CLASSIFICATION',
  },
];

// product-decisions sec. 4: cash, cheque, transfer, PromptPay.
const transferMoneyTypes: readonly CommonListItem[] = [
  { code: 'CASH', nameTh: 'เงินสด', nameEn: 'Cash' },
  { code: 'CHEQUE', nameTh: 'เช็ค', nameEn: 'Cheque' },
  { code: 'TRANSFER', nameTh: 'โอนเงินผ่านธนาคาร', nameEn: 'Bank transfer' },
  { code: 'PROMPTPAY', nameTh: 'พร้อมเพย์', nameEn: 'PromptPay' },
];

/** Each list by its name in the legacy path, /api/common/<name>. */
export const commonLists = {
  bank: banks,
  'objective/event': objectives,
  'receiver-type': receiverTypes,
  'donation-money': donationMoneyKinds,
  'donor-type': donorTypes,
  'resource-character': resourceCharacters,
  'price-from': valuationBases,
  'screen-status': screenStatuses,
  'transfer-money-type': transferMoneyTypes,
} as const satisfies Record<string, readonly CommonListItem[]>;

export type CommonListName = keyof typeof commonLists;

export const commonListNames = Object.keys(commonLists) as CommonListName[];

export const isCommonListName = (name: string): name is CommonListName => Object.hasOwn(commonLists, name);
