import type { ErrorLike } from '@apollo/client';
import { skipToken, useQuery } from '@apollo/client/react';
import { Field, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../query-state';
import { PlaceSelect } from './place-select';
import { type UseList, useAddressField } from './use-address-field';

export interface AddressFieldProps {
  /** A Formik value holding an AddressValue; validate its parts (`<name>.subDistrictId`, …). */
  name: string;
  legend: string;
  required?: boolean;
}

/** The Chakra skin's lists go through Apollo (and its cache). */
const useApolloList: UseList = (document, variables) => {
  const query = useQuery as (
    document: unknown,
    options: unknown,
  ) => { data?: never; error?: ErrorLike; refetch: () => Promise<unknown> };
  const { data, error, refetch } = query(document, variables === null ? skipToken : { variables });
  return { data, error, refetch: () => void refetch() };
};

/**
 * Province > district > sub-district, each list loaded when its parent is chosen, and the postcode
 * filled in (read-only) from the chosen sub-district (use-address-field.ts).
 */
export function AddressField({ name, legend, required }: AddressFieldProps) {
  const { t } = useTranslation();
  const { levels, postcode, failed } = useAddressField(name, required, useApolloList);
  if (failed) return <ErrorState error={failed.error as ErrorLike} onRetry={failed.retry} />;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="600">{legend}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {levels.map((level) => (
          <PlaceSelect key={level.label} {...level} />
        ))}
        <Field.Root readOnly>
          <Field.Label>{t('address.postcode')}</Field.Label>
          <Input value={postcode} readOnly inputMode="numeric" />
          <Field.HelperText>{t('address.postcodeHelp')}</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
