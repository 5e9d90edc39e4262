import { describe, expect, it } from 'vitest';
import { parseValidationMessage } from '../../ui/validation/validation-messages';
import { fieldText } from './reference-cells';
import {
  fieldSchema,
  formValueOf,
  initialFormValues,
  inputValue,
  referenceFormSchema,
  toSaveInput,
} from './reference-form-values';
import {
  allowedActions,
  type ReferenceDescriptor,
  type ReferenceField,
  screenKeys,
  typesForScreen,
} from './reference-rules';

const field = (name: string, kind: string, extra: Partial<ReferenceField> = {}): ReferenceField => ({
  name,
  kind,
  labelTh: name,
  labelEn: name,
  required: false,
  maxLength: null,
  min: null,
  max: null,
  scale: null,
  options: [],
  refType: null,
  inlineCreateMenuCodes: [],
  derived: false,
  list: true,
  search: false,
  sort: false,
  ...extra,
});

const descriptor = (overrides: Partial<ReferenceDescriptor> = {}): ReferenceDescriptor => ({
  type: 'COUNTING_UNIT',
  key: 'counting-unit',
  labelTh: 'หน่วยนับ',
  labelEn: 'Counting unit',
  viewMenuCodes: ['MN-019'],
  createMenuCodes: ['MN-018'],
  editMenuCodes: ['MN-018'],
  scope: 'NONE',
  screens: [
    { key: 'save-counting-unit', mode: 'SAVE' },
    { key: 'view-counting-unit', mode: 'VIEW' },
  ],
  fields: [
    field('code', 'code', { required: true, maxLength: 5 }),
    field('nameTh', 'text', { required: true, maxLength: 255 }),
    field('count', 'integer', { min: 1, max: 10 }),
    field('price', 'decimal', { scale: 2, required: true }),
    field('active', 'boolean'),
    field('kind', 'enum', {
      required: true,
      options: [
        { value: 'P', labelTh: 'บุคคล', labelEn: 'Person' },
        { value: 'J', labelTh: 'นิติบุคคล', labelEn: 'Juristic' },
      ],
    }),
    field('taxId', 'taxId'),
    field('email', 'email'),
    field('phone', 'phone'),
    field('unit', 'reference', { refType: 'COUNTING_UNIT', required: true }),
    field('subDistrict', 'subDistrict', { required: true }),
    field('label', 'text', { derived: true }),
  ],
  ...overrides,
});

const valid = {
  code: 'AB-1',
  nameTh: 'ชิ้น',
  count: '3',
  price: '12.5',
  active: true,
  kind: 'P',
  taxId: '1101700230708',
  email: 'a@example.com',
  phone: '02 123 4567',
  unit: '7',
  subDistrict: { provinceId: 1, districtId: 1037, subDistrictId: 103703, postcode: '10400' },
};

/** The first error of each invalid field, as translation keys with their values. */
async function errorsOf(values: Record<string, unknown>) {
  try {
    await referenceFormSchema(descriptor()).validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, parseValidationMessage(e.message)]));
  }
}

describe('the form schema built from a descriptor', () => {
  it('accepts valid values of every kind and leaves out derived fields', async () => {
    expect(await errorsOf(valid)).toEqual({});
    expect(Object.keys(referenceFormSchema(descriptor()).fields)).not.toContain('label');
  });

  it('applies required, length, pattern, range, scale, checksum and choice rules', async () => {
    const errors = await errorsOf({
      ...valid,
      code: 'ab cdef',
      nameTh: '  ',
      count: '11',
      price: '1.234',
      kind: '',
      taxId: '1101700230707',
      email: 'not-mail',
      phone: '12',
      unit: '',
      subDistrict: { provinceId: null, districtId: null, subDistrictId: null, postcode: '' },
    });
    expect(errors).toEqual({
      code: expect.objectContaining({ key: expect.stringMatching(/validation\.(maxLength|code)/) }),
      nameTh: { key: 'validation.required', values: {} },
      count: { key: 'validation.atMost', values: { max: 10 } },
      price: { key: 'validation.decimal', values: { scale: 2 } },
      kind: { key: 'validation.choose', values: {} },
      taxId: { key: 'validation.citizenId', values: {} },
      email: { key: 'validation.email', values: {} },
      phone: { key: 'validation.phone', values: {} },
      unit: { key: 'validation.choose', values: {} },
      'subDistrict.subDistrictId': { key: 'validation.choose', values: {} },
    });
    expect((await errorsOf({ ...valid, count: '0' })).count).toEqual({
      key: 'validation.atLeast',
      values: { min: 1 },
    });
    expect((await errorsOf({ ...valid, count: '2.5' })).count).toEqual({
      key: 'validation.integer',
      values: {},
    });
    expect((await errorsOf({ ...valid, code: 'TOOLONG' })).code).toEqual({
      key: 'validation.maxLength',
      values: { max: 5 },
    });
  });

  it('lets optional fields stay empty', async () => {
    expect(await errorsOf({ ...valid, count: '', taxId: '', email: '', phone: '' })).toEqual({});
  });

  it('turns form values into the save input: code upper-cased, numbers typed, ids, nulls', () => {
    expect(toSaveInput(descriptor(), { ...valid, code: ' ab-1 ', count: '', taxId: '' }, 4)).toEqual({
      id: 4,
      code: 'AB-1',
      values: {
        nameTh: 'ชิ้น',
        count: null,
        price: '12.50',
        active: true,
        kind: 'P',
        taxId: null,
        email: 'a@example.com',
        phone: '02 123 4567',
        unit: 7,
        subDistrict: 103703,
      },
    });
  });

  it('sends an empty code when the server derives it', () => {
    const derived = descriptor({
      fields: [field('code', 'code', { derived: true }), field('qty', 'decimal')],
    });
    expect(toSaveInput(derived, { qty: '5' }, null)).toEqual({ id: null, code: '', values: { qty: '5.00' } });
  });

  it('starts from the item being edited', () => {
    const values = initialFormValues(descriptor(), {
      id: 4,
      code: 'AB-1',
      values: {
        nameTh: 'ชิ้น',
        count: 3,
        price: '12.50',
        active: true,
        kind: 'P',
        unit: 7,
        subDistrict: 103703,
      },
    });
    expect(values).toMatchObject({
      code: 'AB-1',
      count: '3',
      price: '12.50',
      active: true,
      unit: '7',
      email: '',
      subDistrict: { provinceId: null, districtId: null, subDistrictId: 103703, postcode: '' },
    });
    expect(values).not.toHaveProperty('label');
  });
});

describe('dates and decimals, in both kits', () => {
  const expiry = field('expiryDate', 'date');
  const quantity = field('quantity', 'decimal', { scale: 3 });
  const texts = { values: { expiryDate: '2027-03-01', quantity: '1234.5' }, display: {} };
  const yesNo = { yes: 'ใช่', no: 'ไม่ใช่' };

  it('types a date in the Buddhist era and sends it as yyyy-mm-dd', async () => {
    expect(formValueOf(expiry, '2027-03-01')).toBe('01/03/2570');
    expect(inputValue(expiry, '01/03/2570')).toBe('2027-03-01');
    expect(inputValue(expiry, '')).toBeNull();
    await expect(fieldSchema(expiry).validate('31/02/2570')).rejects.toThrow('validation.beDate');
  });

  it('shows dates in the Buddhist era and decimals with their scale', () => {
    expect(fieldText(expiry, texts, 'th', yesNo)).toBe('01/03/2570');
    expect(fieldText(quantity, texts, 'th', yesNo)).toBe('1,234.500');
  });
});

describe('an option shown in the chosen language', () => {
  it('names an objective in English from its options, not the Thai display text', () => {
    const objective = field('objective', 'enum', {
      options: [{ value: 'GENERAL', labelTh: 'ทั่วไป', labelEn: 'General' }] as ReferenceField['options'],
    });
    const texts = { values: { objective: 'GENERAL' }, display: { objective: 'ทั่วไป' } };
    const yesNo = { yes: 'Yes', no: 'No' };
    expect(fieldText(objective, texts, 'en', yesNo)).toBe('General');
    expect(fieldText(objective, texts, 'th', yesNo)).toBe('ทั่วไป');
    const unknown = { values: { objective: 'OLD' }, display: { objective: 'เก่า' } };
    expect(fieldText(objective, unknown, 'en', yesNo)).toBe('เก่า');
  });
});

describe('screen modes and menu permissions', () => {
  const external = descriptor({
    type: 'EXTERNAL_OFFICE',
    createMenuCodes: ['MN-022'],
    editMenuCodes: ['MN-023'],
    screens: [
      { key: 'add-ext-office', mode: 'ADD' },
      { key: 'edit-ext-office', mode: 'EDIT' },
      { key: 'view-ext-office', mode: 'VIEW' },
    ],
  });
  const codes = (...list: string[]) => new Set(list);

  it('VIEW is read-only whatever the user holds', () => {
    expect(allowedActions(external, 'VIEW', codes('MN-022', 'MN-023', 'MN-024'))).toEqual({
      create: false,
      edit: false,
      import: false,
    });
  });

  it('SAVE offers create and edit, each only with its menu code, and import with both', () => {
    const none = { create: false, edit: false, import: false };
    expect(allowedActions(external, 'SAVE', codes('MN-022', 'MN-023'))).toEqual({
      create: true,
      edit: true,
      import: true,
    });
    expect(allowedActions(external, 'SAVE', codes('MN-022'))).toEqual({ ...none, create: true });
    expect(allowedActions(external, 'SAVE', codes('MN-023'))).toEqual({ ...none, edit: true });
    expect(allowedActions(external, 'SAVE', codes('MN-024'))).toEqual(none);
  });

  it('ADD offers create (and import to those who may also edit); EDIT offers edit, status and delete only', () => {
    expect(allowedActions(external, 'ADD', codes('MN-022', 'MN-023'))).toEqual({
      create: true,
      edit: false,
      import: true,
    });
    expect(allowedActions(external, 'ADD', codes('MN-022'))).toEqual({
      create: true,
      edit: false,
      import: false,
    });
    expect(allowedActions(external, 'EDIT', codes('MN-022', 'MN-023'))).toEqual({
      create: false,
      edit: true,
      import: false,
    });
  });

  it('finds the types a key shows, with their modes, and every key of the descriptors', () => {
    const storage = descriptor({ type: 'STORAGE', screens: [{ key: 'save-goverment-info', mode: 'SAVE' }] });
    const government = descriptor({
      type: 'GOVERNMENT_INFO',
      screens: [{ key: 'save-goverment-info', mode: 'SAVE' }],
    });
    const all = [descriptor(), external, government, storage];
    expect(typesForScreen(all, 'save-goverment-info').map((t) => [t.descriptor.type, t.mode])).toEqual([
      ['GOVERNMENT_INFO', 'SAVE'],
      ['STORAGE', 'SAVE'],
    ]);
    expect(typesForScreen(all, 'edit-ext-office').map((t) => t.mode)).toEqual(['EDIT']);
    expect(typesForScreen(all, 'view-user')).toEqual([]);
    expect(screenKeys(all).sort()).toEqual(
      [
        'add-ext-office',
        'edit-ext-office',
        'save-counting-unit',
        'save-goverment-info',
        'view-counting-unit',
        'view-ext-office',
      ].sort(),
    );
  });
});
