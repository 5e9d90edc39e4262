import { Fieldset } from '@chakra-ui/react';
import { useField } from 'formik';
import { OrganisationSelects } from '../organisation/organisation-selects';
import type { OrganisationPath } from '../organisation/organisation-tree';
import { useFieldError } from './use-field-error';

export interface OrganisationPathFieldProps {
  name: string;
  legend: string;
  emptyLabel: string;
}

/** The organisation unit picker as one Formik value (an OrganisationPath). */
export function OrganisationPathField({ name, legend, emptyLabel }: OrganisationPathFieldProps) {
  const [field, , helpers] = useField<OrganisationPath>(name);
  const error = useFieldError(name);
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend fontWeight="600">{legend}</Fieldset.Legend>
      <OrganisationSelects
        value={field.value}
        onChange={(path) => {
          void helpers.setValue(path);
          void helpers.setTouched(true, false);
        }}
        error={error}
        emptyLabel={emptyLabel}
      />
    </Fieldset.Root>
  );
}
