import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { ErrorState } from '../query-state';
import {
  choose,
  ORGANISATION_LEVELS,
  type OrganisationPath,
  optionsByLevel,
  unitName,
} from './organisation-tree';
import { useOrganisationTree } from './use-organisation-tree';

const LEVEL_LABEL = {
  ministry: 'organisation.ministry',
  department: 'organisation.department',
  bureau: 'organisation.bureau',
  division: 'organisation.division',
} as const;

export interface OrganisationSelectsProps {
  value: OrganisationPath;
  onChange: (path: OrganisationPath) => void;
  /** Announced when nothing at all is chosen and a unit is required. */
  error?: string;
  /** Empty choice text: "all" in search forms, "choose" in data entry. */
  emptyLabel: string;
}

/** Four cascading selects over the organisation tree (ministry > department > bureau > division). */
export function OrganisationSelects({ value, onChange, error, emptyLabel }: OrganisationSelectsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { roots, error: loadError, retry } = useOrganisationTree();
  const options = optionsByLevel(roots, value);
  if (loadError) return <ErrorState error={loadError} onRetry={retry} />;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {ORGANISATION_LEVELS.map((level, index) => (
        <Field.Root
          key={level}
          invalid={index === 0 && Boolean(error)}
          disabled={options[level].length === 0}
        >
          <Field.Label>{t(LEVEL_LABEL[level])}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value[level]}
              onChange={(event) => onChange(choose(value, level, event.target.value))}
            >
              <option value="">{emptyLabel}</option>
              {options[level].map((node) => (
                <option key={node.code} value={node.code}>
                  {unitName(node, language)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {index === 0 && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
