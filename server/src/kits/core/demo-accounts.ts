// The demo accounts of the embedded database outside production: seeded by the users feature,
// offered on the login pages by identity, signed in with by tests.

/** Shown in the login pages' demo banner (embedded database outside production only). */
export const demoPassword = 'Namjai-demo-2569';

export const demoAccounts = [
  { username: 'admin.demo', groupCode: 'UG-A01', unit: 'MSDHS', firstNameTh: 'สมชาย', lastNameTh: 'ดูแลระบบ' },
  {
    username: 'orgadmin.demo',
    groupCode: 'UG-A02',
    unit: 'OPS-P38',
    firstNameTh: 'สมหญิง',
    lastNameTh: 'ผู้ดูแลหน่วยงาน',
  },
  {
    username: 'officer.demo',
    groupCode: 'UG-S01',
    unit: 'OPS-P38-SDW',
    firstNameTh: 'มานะ',
    lastNameTh: 'ปฏิบัติงาน',
  },
  {
    username: 'approver1.demo',
    groupCode: 'UG-S02',
    unit: 'OPS-P38',
    firstNameTh: 'วิชัย',
    lastNameTh: 'อนุมัติหนึ่ง',
  },
  {
    username: 'approver2.demo',
    groupCode: 'UG-S03',
    unit: 'OPS',
    firstNameTh: 'ประภา',
    lastNameTh: 'อนุมัติสอง',
  },
  {
    username: 'executive.demo',
    groupCode: 'UG-E01',
    unit: 'MSDHS',
    firstNameTh: 'อรุณ',
    lastNameTh: 'ผู้บริหาร',
  },
  {
    username: 'donor.demo@example.com',
    groupCode: 'UG-I01',
    unit: null,
    firstNameTh: 'ใจดี',
    lastNameTh: 'ผู้บริจาค',
  },
] as const;
