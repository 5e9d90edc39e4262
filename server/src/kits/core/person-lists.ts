// Fixed lists of the no-auth /api/common calls that belong to identity (spec sec. 7). They become
// editable reference types with the reference-data kit; until then they are product data.

export const titleNames = [
  { code: '001', nameTh: 'นาย', nameEn: 'Mr.' },
  { code: '002', nameTh: 'นาง', nameEn: 'Mrs.' },
  { code: '003', nameTh: 'นางสาว', nameEn: 'Miss' },
  { code: '004', nameTh: 'เด็กชาย', nameEn: 'Master' },
  { code: '005', nameTh: 'เด็กหญิง', nameEn: 'Miss (child)' },
  { code: '006', nameTh: 'ดร.', nameEn: 'Dr.' },
  { code: '007', nameTh: 'ว่าที่ร้อยตรี', nameEn: 'Acting Sub-Lieutenant' },
  { code: '008', nameTh: 'พระ', nameEn: 'Phra (monk)' },
];

export const positions = [
  { code: 'P01', nameTh: 'ปลัดกระทรวง', nameEn: 'Permanent Secretary' },
  { code: 'P02', nameTh: 'อธิบดี', nameEn: 'Director-General' },
  { code: 'P03', nameTh: 'ผู้อำนวยการสำนัก/กอง', nameEn: 'Bureau Director' },
  { code: 'P04', nameTh: 'พัฒนาสังคมและความมั่นคงของมนุษย์จังหวัด', nameEn: 'Provincial Social Development Officer' },
  { code: 'P05', nameTh: 'หัวหน้ากลุ่มงาน', nameEn: 'Head of Group' },
  { code: 'P06', nameTh: 'นักพัฒนาสังคม', nameEn: 'Social Development Officer' },
  { code: 'P07', nameTh: 'นักสังคมสงเคราะห์', nameEn: 'Social Worker' },
  { code: 'P08', nameTh: 'นักวิเคราะห์นโยบายและแผน', nameEn: 'Policy and Plan Analyst' },
  { code: 'P09', nameTh: 'นักวิชาการเงินและบัญชี', nameEn: 'Finance and Accounting Officer' },
  { code: 'P10', nameTh: 'นักวิชาการพัสดุ', nameEn: 'Supplies Officer' },
  { code: 'P11', nameTh: 'นักวิชาการคอมพิวเตอร์', nameEn: 'Computer Technical Officer' },
  { code: 'P12', nameTh: 'เจ้าพนักงานธุรการ', nameEn: 'Administrative Officer' },
];

export const userStatuses = [
  { code: 'N', nameTh: 'ลงทะเบียนแล้ว รอเปิดใช้งาน', nameEn: 'Registered, not activated' },
  { code: 'A', nameTh: 'ใช้งาน', nameEn: 'Active' },
  { code: 'I', nameTh: 'ระงับการใช้งาน', nameEn: 'Inactive' },
  { code: 'L', nameTh: 'ถูกล็อก', nameEn: 'Locked' },
];
