import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueFile, generatedFile, renderMenuCodes } from '../../scripts/generate-menu-codes.mjs';

describe('generated menu codes', () => {
  it('match common/data/menu-catalogue.json (run `npm run generate` when this fails)', () => {
    const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as { code: string }[];
    const expected = renderMenuCodes(catalogue);
    expect(expected).toContain(`'${catalogue.at(-1)?.code}',`);
    expect(readFileSync(generatedFile, 'utf8')).toBe(expected);
  });

  it('refuses a catalogue whose codes are not MN-nnn or appear twice', () => {
    expect(() => renderMenuCodes([{ code: 'MN-1' }])).toThrow(/not a code MN-nnn/);
    expect(() => renderMenuCodes([{ code: 'MN-001' }, { code: 'MN-001' }])).toThrow(/appears twice/);
  });
});
