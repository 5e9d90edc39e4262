import { OfficeType, type OfficeTypeCode } from '../../kits/core/organisation.entity';

// The demonstration organisation's provincial offices (organisation.demo-data.ts): eight provinces
// in all six regions, each office with its address, position and two units.

export interface DemoUnit {
  code: string;
  nameTh: string;
  nameEn: string;
  officeType: OfficeTypeCode;
  provinceId?: number;
  subDistrictId?: number;
  addressLine?: string;
  latitude?: number;
  longitude?: number;
  phone?: string;
  openingHours?: string;
  acceptsDonations?: boolean;
  /** Receipt settings (docs/receipts.md): departments carry the tax id, units may name a signer. */
  taxId?: string;
  receiptStatement?: string;
  receiptSignerName?: string;
  receiptSignerPosition?: string;
  children?: DemoUnit[];
}

export const officeHours = 'จันทร์–ศุกร์ 08:30–16:30 น.';

export interface ProvinceSite {
  key: string;
  provinceId: number;
  nameTh: string;
  nameEn: string;
  subDistrictId: number;
  addressLine: string;
  latitude: number;
  longitude: number;
  phone: string;
}

export const sites: ProvinceSite[] = [
  {
    key: 'CMI',
    provinceId: 38,
    nameTh: 'เชียงใหม่',
    nameEn: 'Chiang Mai',
    subDistrictId: 500101,
    addressLine: 'ศาลากลางจังหวัดเชียงใหม่ ถนนโชตนา',
    latitude: 18.8386,
    longitude: 98.9687,
    phone: '053 112 494',
  },
  {
    key: 'PLK',
    provinceId: 52,
    nameTh: 'พิษณุโลก',
    nameEn: 'Phitsanulok',
    subDistrictId: 650101,
    addressLine: 'ศาลากลางจังหวัดพิษณุโลก ถนนวังจันทน์',
    latitude: 16.8259,
    longitude: 100.2614,
    phone: '055 245 370',
  },
  {
    key: 'KKN',
    provinceId: 28,
    nameTh: 'ขอนแก่น',
    nameEn: 'Khon Kaen',
    subDistrictId: 400101,
    addressLine: 'ศูนย์ราชการจังหวัดขอนแก่น ถนนศูนย์ราชการ',
    latitude: 16.4419,
    longitude: 102.836,
    phone: '043 236 758',
  },
  {
    key: 'NMA',
    provinceId: 19,
    nameTh: 'นครราชสีมา',
    nameEn: 'Nakhon Ratchasima',
    subDistrictId: 300101,
    addressLine: 'ศาลากลางจังหวัดนครราชสีมา ถนนมหาดไทย',
    latitude: 14.9738,
    longitude: 102.0977,
    phone: '044 242 401',
  },
  {
    key: 'KRI',
    provinceId: 56,
    nameTh: 'กาญจนบุรี',
    nameEn: 'Kanchanaburi',
    subDistrictId: 710103,
    addressLine: 'ศาลากลางจังหวัดกาญจนบุรี ถนนแสงชูโต',
    latitude: 14.0227,
    longitude: 99.5328,
    phone: '034 511 386',
  },
  {
    key: 'CBI',
    provinceId: 11,
    nameTh: 'ชลบุรี',
    nameEn: 'Chon Buri',
    subDistrictId: 200101,
    addressLine: 'ศาลากลางจังหวัดชลบุรี ถนนพระยาสัจจา',
    latitude: 13.3611,
    longitude: 100.9847,
    phone: '038 278 703',
  },
  {
    key: 'SKA',
    provinceId: 70,
    nameTh: 'สงขลา',
    nameEn: 'Songkhla',
    subDistrictId: 900101,
    addressLine: 'ศาลากลางจังหวัดสงขลา ถนนราชดำเนิน',
    latitude: 7.1988,
    longitude: 100.5951,
    phone: '074 311 254',
  },
  {
    key: 'PKT',
    provinceId: 66,
    nameTh: 'ภูเก็ต',
    nameEn: 'Phuket',
    subDistrictId: 830101,
    addressLine: 'ศาลากลางจังหวัดภูเก็ต ถนนนริศร',
    latitude: 7.8869,
    longitude: 98.3897,
    phone: '076 212 344',
  },
];

/** The Office of the Permanent Secretary's tax id: its provincial offices receive under it. */
export const OPS_TAX_ID = '0994000158343';

export function provincialOffice(site: ProvinceSite): DemoUnit {
  // The office holds the address and the tax id, its groups only the province: a receipt or goods
  // evidence of a group is headed by the provincial office and carries that office's address.
  const at = { provinceId: site.provinceId, phone: site.phone };
  return {
    code: `OPS-P${String(site.provinceId).padStart(2, '0')}`,
    nameTh: `สำนักงานพัฒนาสังคมและความมั่นคงของมนุษย์จังหวัด${site.nameTh}`,
    nameEn: `${site.nameEn} Provincial Office of Social Development and Human Security`,
    officeType: OfficeType.ProvincialOffice,
    ...at,
    subDistrictId: site.subDistrictId,
    addressLine: site.addressLine,
    taxId: OPS_TAX_ID,
    latitude: site.latitude,
    longitude: site.longitude,
    openingHours: officeHours,
    acceptsDonations: true,
    children: [
      {
        code: `OPS-P${String(site.provinceId).padStart(2, '0')}-ADM`,
        nameTh: 'ฝ่ายบริหารทั่วไป',
        nameEn: 'General Administration Section',
        officeType: OfficeType.ProvincialUnit,
        ...at,
      },
      {
        code: `OPS-P${String(site.provinceId).padStart(2, '0')}-SDW`,
        nameTh: 'กลุ่มการพัฒนาสังคมและสวัสดิการ',
        nameEn: 'Social Development and Welfare Group',
        officeType: OfficeType.ProvincialUnit,
        ...at,
      },
    ],
  };
}
