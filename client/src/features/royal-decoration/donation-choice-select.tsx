import { useQuery } from '@apollo/client/react';
import { Stack, Text } from '@chakra-ui/react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type {
  DocumentFieldDescriptorFieldsFragment,
  DocumentTypeName,
  RoyalDecorationChoiceHeaderFragment,
} from '../../gql/graphql';
import { formatBE } from '../../platform/dates';
import { currentLanguage } from '../../platform/i18n';
import type { Language } from '../../platform/language';
import { formatBaht } from '../../platform/money';
import { SelectField, type SelectOption } from '../../ui/form/select-field';
import { labelOf } from '../reference';
import { RoyalDecorationDonationChoicesQuery } from './royal-decoration.operations';

// A royal decoration proposal's line field (moneyDonation, goodsDonation; docs/royal-decoration.md):
// the chosen donor's donations that the proposal may count, as the server's save rule gives them
// (royalDecorationDonationChoices), each with its number, date (B.E.), donor and value. Until a donor
// and a fiscal year are chosen there is nothing to offer.

export interface DonationChoice {
  id: number;
  number: string;
  donatedOn: string;
  donorNameTh: string;
  donorNameEn?: string | null;
  value: string;
}

/** A choice as the picker names it: number — date (B.E.) — donor — value. */
export function donationChoiceLabel(choice: DonationChoice, language: Language): string {
  const donor = language === 'en' ? choice.donorNameEn || choice.donorNameTh : choice.donorNameTh;
  return [choice.number, formatBE(choice.donatedOn), donor, formatBaht(choice.value, language)].join(' — ');
}

const whole = (value: unknown): number | null => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

interface DonationChoiceSelectProps {
  /** The document kit's field (its descriptor), as much of it as the select reads. */
  field: Pick<
    DocumentFieldDescriptorFieldsFragment,
    'name' | 'labelTh' | 'labelEn' | 'required' | 'refDocumentType'
  >;
  /** The field's Formik path (lines.i.moneyDonation). */
  name: string;
  display: Record<string, unknown>;
  /** The proposal being edited (it keeps its own donations); null for a new one. */
  documentId: number | null;
}

export function DonationChoiceSelect({ field, name, display, documentId }: DonationChoiceSelectProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { values } = useFormikContext<{ header: Record<string, unknown> }>();
  const header = (name: keyof RoyalDecorationChoiceHeaderFragment) => getIn(values, `header.${name}`);
  const donor = whole(header('donor'));
  const proposalYear = whole(header('proposalYear'));
  const ready = donor !== null && proposalYear !== null && Boolean(field.refDocumentType);
  const query = useQuery(RoyalDecorationDonationChoicesQuery, {
    variables: {
      donor: donor ?? 0,
      proposalYear: proposalYear ?? 0,
      documentType: (field.refDocumentType ?? 'MONEY_DONATION') as DocumentTypeName,
      proposal: documentId,
    },
    skip: !ready,
  });
  const choices = query.data?.royalDecorationDonationChoices ?? [];
  const options: SelectOption[] = choices.map((choice) => ({
    value: String(choice.id),
    label: donationChoiceLabel(choice, language),
  }));
  // A saved choice the list no longer offers (another donor chosen since) stays shown, so the
  // person sees what the save will refuse.
  const chosen = whole(getIn(values, name));
  if (chosen !== null && !query.loading && !choices.some((choice) => choice.id === chosen)) {
    const shown = display[field.name];
    options.unshift({ value: String(chosen), label: typeof shown === 'string' ? shown : String(chosen) });
  }
  return (
    <Stack gap="1">
      <SelectField
        name={name}
        label={labelOf(field, language)}
        required={field.required}
        disabled={!ready || (query.loading && !query.data)}
        placeholder={t('form.choose')}
        options={options}
      />
      {!ready ? (
        <Text textStyle="xs" color="fg.muted">
          {t('documents.refDonorFirst')}
        </Text>
      ) : query.data && choices.length === 0 ? (
        <Text textStyle="xs" color="fg.muted" role="status">
          {t('documents.refNoDonations')}
        </Text>
      ) : null}
    </Stack>
  );
}
