// Counting-unit names are data (ref_counting_unit.name_en) and hold only the singular ("bottle"):
// the reference data has no English plural form (docs/decisions.md). An English count takes the
// plural by the language's own rule (Intl.PluralRules, as i18next's `count`), spelt by the regular
// English endings; an irregular unit name would need a plural column in the reference data.
const englishPlural = new Intl.PluralRules('en');

/** The English singular `noun` as it reads after `count`: "1 bottle", "380 bottles", "2 boxes". */
export function englishUnitFor(count: number, noun: string): string {
  if (englishPlural.select(count) === 'one' || noun === '') return noun;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}
