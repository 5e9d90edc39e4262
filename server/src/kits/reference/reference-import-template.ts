import type { ReferenceField, ReferenceType } from './reference-kit';

// The import template of a type: a CSV (UTF-8 with a byte-order mark, so Excel shows Thai) whose
// header is the type's entered fields and whose rows are an example.

/** A value of each kind that passes its check, for types that declare no example. */
function sampleOf(f: ReferenceField): string {
  switch (f.kind) {
    case 'code':
      return 'EXAMPLE-1';
    case 'text':
      return f.name === 'nameEn' ? 'Example' : f.name === 'nameTh' ? 'ตัวอย่าง' : '';
    case 'integer':
      return String(f.min ?? 1);
    case 'decimal':
      return (f.min ?? 1).toFixed(f.scale ?? 2);
    case 'boolean':
      return 'true';
    case 'enum':
      return f.options[0]?.value ?? '';
    case 'taxId':
      return '1101700207030';
    case 'email':
      return 'name@example.com';
    case 'phone':
      return '02 123 4567';
    case 'reference':
      return `${f.refType?.().key.toUpperCase()}-CODE`;
    case 'subDistrict':
      return '10200 พระบรมมหาราชวัง';
    default:
      return '';
  }
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function importTemplate(type: ReferenceType): { fileName: string; content: string } {
  const fields = type.fields.filter((f) => !f.derived);
  const examples = type.importExample ?? [Object.fromEntries(fields.map((f) => [f.name, sampleOf(f)]))];
  const lines = [
    fields.map((f) => f.name),
    ...examples.map((example) => fields.map((f) => example[f.name] ?? '')),
  ].map((cells) => cells.map(csvCell).join(','));
  return { fileName: `${type.key}-import-template.csv`, content: `\uFEFF${lines.join('\r\n')}\r\n` };
}
