import { useTranslation } from 'react-i18next';
import { beDateKind } from './field-bindings';
import { TextField } from './text-field';

export { insertSlashes } from './field-bindings';

export interface BEDateFieldProps {
  name: string;
  label: string;
  required?: boolean;
}

/** A Buddhist-era date typed as dd/mm/yyyy (field-bindings.ts, beDateKind). */
export function BEDateField({ name, label, required }: BEDateFieldProps) {
  const { t } = useTranslation();
  return <TextField name={name} label={label} required={required} {...beDateKind(t)} />;
}
