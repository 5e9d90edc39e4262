import { describe, expect, it } from 'vitest';
import { displayIn, fieldLang, fieldText } from './reference-cells';

const yesNo = { yes: 'Yes', no: 'No' };
const storage = { name: 'storage', kind: 'reference', options: [], scale: null };
const item = {
  values: { storage: 7 },
  display: { storage: 'ST-P28-DON คลังรับบริจาค ขอนแก่น' },
  displayEn: { storage: 'ST-P28-DON Khon Kaen donation storage' },
};

describe('display texts in the chosen language', () => {
  it('names a referenced item by its English name in English and its Thai name in Thai', () => {
    expect(fieldText(storage, item, 'en', yesNo)).toBe('ST-P28-DON Khon Kaen donation storage');
    expect(fieldText(storage, item, 'th', yesNo)).toBe('ST-P28-DON คลังรับบริจาค ขอนแก่น');
  });

  it('falls back to the Thai texts when an answer carries no English ones', () => {
    expect(displayIn({ display: item.display }, 'en')).toEqual(item.display);
    expect(displayIn(null, 'en')).toEqual({});
  });

  it('marks fields that are Thai by declaration', () => {
    expect(fieldLang({ name: 'nameTh' })).toBe('th');
    expect(fieldLang({ name: 'nameEn' })).toBeUndefined();
    expect(fieldLang({ name: 'storage' })).toBeUndefined();
  });
});
