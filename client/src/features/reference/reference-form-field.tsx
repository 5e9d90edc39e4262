import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { BEDateField } from '../../ui/form/be-date-field';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { CitizenIdField } from '../../ui/form/citizen-id-field';
import { SelectField } from '../../ui/form/select-field';
import { TextField } from '../../ui/form/text-field';
import { type PickFor, ReferenceOptionSelect } from './reference-option-select';
import { labelOf, type ReferenceField } from './reference-rules';
import { SubDistrictField } from './sub-district-field';

export interface ReferenceFormFieldProps {
  field: ReferenceField;
  /** The item's display texts (reference, enum and sub-district fields), when editing. */
  display: Record<string, unknown>;
  /** The Formik path when it is not the field's name (a document line's `lines.2.quantity`). */
  name?: string;
  /**
   * The document form this field belongs to: its pick list then offers only what saving that
   * document accepts from the user (the field is `storage` for a header field, `lines.resource` for a line's).
   */
  pickFor?: PickFor;
}

const integerText = (typed: string) => typed.replace(/[^\d-]/g, '').replace(/(?!^)-/g, '');

/** Keeps digits, one point, a leading minus, and at most `scale` digits after the point. */
const decimalText = (scale: number) => (typed: string) => {
  const [whole = '', ...rest] = typed
    .replace(/[^\d.-]/g, '')
    .replace(/(?!^)-/g, '')
    .split('.');
  return rest.length ? `${whole}.${rest.join('').slice(0, scale)}` : whole;
};

/**
 * One field drawn with the form kit by its kind: the reference-data form's fields, and the document
 * kit's header and line fields (which pass the Formik path of the line).
 */
export function ReferenceFormField({ field, display, name = field.name, pickFor }: ReferenceFormFieldProps) {
  const { t } = useTranslation();
  const label = labelOf(field, currentLanguage());
  const { required } = field;
  const shown = typeof display[field.name] === 'string' ? (display[field.name] as string) : undefined;
  switch (field.kind) {
    case 'boolean':
      return <CheckboxField name={name} label={label} />;
    case 'enum':
      return (
        <SelectField
          name={name}
          label={label}
          required={required}
          // Always an empty choice: without it the browser shows the first option while the value is empty.
          placeholder={t('form.choose')}
          options={field.options.map((option) => ({
            value: option.value,
            label: labelOf(option, currentLanguage()),
          }))}
        />
      );
    case 'date':
      return <BEDateField name={name} label={label} required={required} />;
    case 'taxId':
      return <CitizenIdField name={name} label={label} required={required} />;
    case 'reference':
      return field.refType ? (
        <ReferenceOptionSelect
          name={name}
          label={label}
          refType={field.refType}
          required={required}
          currentText={shown}
          inlineCreateCodes={field.inlineCreateMenuCodes}
          pickFor={pickFor}
        />
      ) : null;
    case 'subDistrict':
      return <SubDistrictField name={name} label={label} required={required} currentText={shown} />;
    case 'integer':
      return (
        <TextField
          name={name}
          label={label}
          required={required}
          inputMode="numeric"
          normalise={integerText}
        />
      );
    case 'decimal':
      return (
        <TextField
          name={name}
          label={label}
          required={required}
          inputMode="decimal"
          normalise={decimalText(field.scale ?? 2)}
        />
      );
    case 'code':
      return (
        <TextField
          name={name}
          label={label}
          required={required}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={field.maxLength ?? undefined}
          normalise={(typed) => typed.toUpperCase()}
        />
      );
    default:
      return (
        <TextField
          name={name}
          label={label}
          required={required}
          type={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : 'text'}
          inputMode={field.kind === 'email' ? 'email' : field.kind === 'phone' ? 'tel' : undefined}
          maxLength={field.maxLength ?? undefined}
        />
      );
  }
}
