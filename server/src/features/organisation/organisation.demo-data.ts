import { OfficeType } from '../../kits/core/organisation.entity';
import {
  type DemoUnit,
  OPS_TAX_ID,
  officeHours,
  type ProvinceSite,
  provincialOffice,
  sites,
} from './organisation.demo-provinces';

// A realistic sample of the ministry's organisation for demonstrations and tests: the ministry, five
// departments, central bureaus with their divisions, and provincial offices in eight provinces (all
// six regions) with their units (organisation.demo-provinces.ts). Addresses use the vendored
// sub-district ids.

const bangkokHq = {
  provinceId: 1,
  subDistrictId: 100803,
  addressLine: '1034 ถนนกรุงเกษม',
  latitude: 13.7563,
  longitude: 100.5142,
  phone: '02 202 9000',
  openingHours: officeHours,
};

const site = (key: string) => sites.find((s) => s.key === key) as ProvinceSite;

export const demoOrganisation: DemoUnit = {
  code: 'MSDHS',
  nameTh: 'กระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
  nameEn: 'Ministry of Social Development and Human Security',
  officeType: OfficeType.Ministry,
  ...bangkokHq,
  acceptsDonations: true,
  receiptStatement:
    'ใบเสร็จรับเงินฉบับนี้ใช้เป็นหลักฐานประกอบการลดหย่อนภาษีเงินได้บุคคลธรรมดา หรือหักเป็นรายจ่ายในการคำนวณภาษีเงินได้นิติบุคคล ตามที่ประมวลรัษฎากรกำหนด',
  children: [
    {
      code: 'OPS',
      nameTh: 'สำนักงานปลัดกระทรวงการพัฒนาสังคมและความมั่นคงของมนุษย์',
      nameEn: 'Office of the Permanent Secretary',
      officeType: OfficeType.Department,
      ...bangkokHq,
      taxId: OPS_TAX_ID,
      children: [
        {
          code: 'OPS-FIN',
          nameTh: 'กองคลัง',
          nameEn: 'Finance Division',
          officeType: OfficeType.CentralBureau,
          ...bangkokHq,
          children: [
            {
              code: 'OPS-FIN-ACC',
              nameTh: 'กลุ่มงานการเงินและบัญชี',
              nameEn: 'Finance and Accounting Group',
              officeType: OfficeType.CentralDivision,
              ...bangkokHq,
            },
            {
              code: 'OPS-FIN-SUP',
              nameTh: 'กลุ่มงานพัสดุ',
              nameEn: 'Supplies Group',
              officeType: OfficeType.CentralDivision,
              ...bangkokHq,
            },
          ],
        },
        {
          code: 'OPS-ICT',
          nameTh: 'ศูนย์เทคโนโลยีสารสนเทศและการสื่อสาร',
          nameEn: 'Information and Communication Technology Centre',
          officeType: OfficeType.CentralBureau,
          ...bangkokHq,
          children: [
            {
              code: 'OPS-ICT-SYS',
              nameTh: 'กลุ่มงานพัฒนาระบบสารสนเทศ',
              nameEn: 'Information Systems Group',
              officeType: OfficeType.CentralDivision,
              ...bangkokHq,
            },
          ],
        },
        ...sites.map(provincialOffice),
      ],
    },
    {
      code: 'DSDW',
      nameTh: 'กรมพัฒนาสังคมและสวัสดิการ',
      nameEn: 'Department of Social Development and Welfare',
      officeType: OfficeType.Department,
      ...bangkokHq,
      addressLine: '1034 ถนนกรุงเกษม',
      taxId: '0994000160216',
      children: [
        {
          code: 'DSDW-WEL',
          nameTh: 'กองคุ้มครองและพัฒนาคุณภาพชีวิตผู้ประสบปัญหาทางสังคม',
          nameEn: 'Bureau of Protection and Quality of Life for People in Social Hardship',
          officeType: OfficeType.CentralBureau,
          ...bangkokHq,
          children: [
            {
              code: 'DSDW-WEL-RLF',
              nameTh: 'กลุ่มงานช่วยเหลือผู้ประสบภัยพิบัติ',
              nameEn: 'Disaster Relief Group',
              officeType: OfficeType.CentralDivision,
              ...bangkokHq,
              acceptsDonations: true,
            },
          ],
        },
        {
          code: 'DSDW-P28',
          nameTh: 'ศูนย์คุ้มครองคนไร้ที่พึ่งจังหวัดขอนแก่น',
          nameEn: 'Khon Kaen Protection Centre for the Destitute',
          officeType: OfficeType.ProvincialOffice,
          provinceId: 28,
          subDistrictId: 400101,
          addressLine: '99 หมู่ 3 ถนนมิตรภาพ',
          latitude: 16.4602,
          longitude: 102.8254,
          phone: '043 241 296',
          openingHours: 'ทุกวัน 08:00–18:00 น.',
          acceptsDonations: true,
          receiptSignerName: 'นางสาวสมใจ ใจบุญ',
          receiptSignerPosition: 'ผู้อำนวยการศูนย์คุ้มครองคนไร้ที่พึ่งจังหวัดขอนแก่น',
          children: [
            {
              code: 'DSDW-P28-DON',
              nameTh: 'ฝ่ายรับบริจาคและประสานงาน',
              nameEn: 'Donations and Coordination Section',
              officeType: OfficeType.ProvincialUnit,
              provinceId: 28,
              subDistrictId: 400101,
            },
          ],
        },
      ],
    },
    {
      code: 'DCY',
      nameTh: 'กรมกิจการเด็กและเยาวชน',
      nameEn: 'Department of Children and Youth',
      officeType: OfficeType.Department,
      provinceId: 1,
      subDistrictId: 103701,
      addressLine: '618/1 ถนนนิคมมักกะสัน',
      latitude: 13.754,
      longitude: 100.5418,
      phone: '02 255 5850',
      openingHours: officeHours,
      children: [
        {
          code: 'DCY-CPR',
          nameTh: 'กองคุ้มครองสวัสดิภาพเด็ก',
          nameEn: 'Child Protection Bureau',
          officeType: OfficeType.CentralBureau,
          provinceId: 1,
          subDistrictId: 103701,
          children: [
            {
              code: 'DCY-CPR-FAM',
              nameTh: 'กลุ่มงานครอบครัวทดแทน',
              nameEn: 'Foster Family Group',
              officeType: OfficeType.CentralDivision,
              provinceId: 1,
              subDistrictId: 103701,
            },
          ],
        },
        {
          code: 'DCY-P11',
          nameTh: 'บ้านพักเด็กและครอบครัวจังหวัดชลบุรี',
          nameEn: 'Chon Buri Children and Family Shelter',
          officeType: OfficeType.ProvincialOffice,
          provinceId: 11,
          subDistrictId: 200101,
          addressLine: 'ถนนสุขุมวิท',
          latitude: site('CBI').latitude + 0.01,
          longitude: site('CBI').longitude,
          phone: '038 284 390',
          openingHours: officeHours,
          acceptsDonations: true,
          children: [
            {
              code: 'DCY-P11-CARE',
              nameTh: 'ฝ่ายดูแลเด็กและครอบครัว',
              nameEn: 'Child and Family Care Section',
              officeType: OfficeType.ProvincialUnit,
              provinceId: 11,
              subDistrictId: 200101,
            },
          ],
        },
      ],
    },
    {
      code: 'DOP',
      nameTh: 'กรมกิจการผู้สูงอายุ',
      nameEn: 'Department of Older Persons',
      officeType: OfficeType.Department,
      provinceId: 1,
      subDistrictId: 103701,
      addressLine: '1034 ถนนกรุงเกษม',
      children: [
        {
          code: 'DOP-PRT',
          nameTh: 'กองส่งเสริมสวัสดิภาพและพิทักษ์สิทธิผู้สูงอายุ',
          nameEn: 'Bureau of Welfare Promotion and Protection of the Rights of Older Persons',
          officeType: OfficeType.CentralBureau,
          provinceId: 1,
          subDistrictId: 103701,
          children: [
            {
              code: 'DOP-PRT-WEL',
              nameTh: 'กลุ่มงานสวัสดิการผู้สูงอายุ',
              nameEn: 'Older Persons Welfare Group',
              officeType: OfficeType.CentralDivision,
              provinceId: 1,
              subDistrictId: 103701,
            },
          ],
        },
        {
          code: 'DOP-P70',
          nameTh: 'ศูนย์พัฒนาการจัดสวัสดิการสังคมผู้สูงอายุจังหวัดสงขลา',
          nameEn: 'Songkhla Social Welfare Development Centre for Older Persons',
          officeType: OfficeType.ProvincialOffice,
          provinceId: 70,
          subDistrictId: 900101,
          addressLine: 'ถนนชลาทัศน์',
          latitude: 7.213,
          longitude: 100.596,
          phone: '074 326 402',
          openingHours: officeHours,
          acceptsDonations: true,
          children: [
            {
              code: 'DOP-P70-CARE',
              nameTh: 'ฝ่ายบริการผู้สูงอายุ',
              nameEn: 'Older Persons Services Section',
              officeType: OfficeType.ProvincialUnit,
              provinceId: 70,
              subDistrictId: 900101,
            },
          ],
        },
      ],
    },
    {
      code: 'DEP',
      nameTh: 'กรมส่งเสริมและพัฒนาคุณภาพชีวิตคนพิการ',
      nameEn: 'Department of Empowerment of Persons with Disabilities',
      officeType: OfficeType.Department,
      provinceId: 1,
      subDistrictId: 103701,
      addressLine: '255 ถนนราชวิถี',
      children: [
        {
          code: 'DEP-FND',
          nameTh: 'กองกองทุนและส่งเสริมความเสมอภาคคนพิการ',
          nameEn: 'Bureau of the Fund and Equality Promotion for Persons with Disabilities',
          officeType: OfficeType.CentralBureau,
          provinceId: 1,
          subDistrictId: 103701,
          children: [
            {
              code: 'DEP-FND-LOAN',
              nameTh: 'กลุ่มงานกองทุน',
              nameEn: 'Fund Group',
              officeType: OfficeType.CentralDivision,
              provinceId: 1,
              subDistrictId: 103701,
            },
          ],
        },
      ],
    },
  ],
};
