import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { isMenuSection, MENU_SECTIONS } from '../../platform/menu-catalogue';
import { SECTION_LABEL_KEYS } from '../../ui/app-shell/backoffice-menu';
import { useFieldError } from '../../ui/form/use-field-error';
import { toggleMenuCode, toggleSectionCodes } from './menu-selection';

export interface CatalogueMenu {
  code: string;
  section: string;
  nameTh: string;
  nameEn: string;
  statusCode: string;
}

/** The group's menus as checkboxes, grouped by side-menu section, each section with "select all". */
export function MenuCheckboxGroups({ name, menus }: { name: string; menus: readonly CatalogueMenu[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [field, , helpers] = useField<string[]>(name);
  const error = useFieldError(name);
  const selected = new Set(field.value);
  const set = (codes: string[]) => {
    void helpers.setValue(codes);
    void helpers.setTouched(true, false);
  };
  return (
    <Stack gap="5">
      <Text fontWeight="600">{t('group.fields.menus', { count: field.value.length })}</Text>
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
      {MENU_SECTIONS.map((section) => {
        const entries = menus.filter(
          (menu) => isMenuSection(menu.section) && menu.section === section && menu.statusCode !== 'I',
        );
        if (entries.length === 0) return null;
        const codes = entries.map((entry) => entry.code);
        const count = codes.filter((code) => selected.has(code)).length;
        const label = t(SECTION_LABEL_KEYS[section]);
        return (
          <Fieldset.Root key={section} borderWidth="1px" rounded="md" p="4">
            <Fieldset.Legend px="1">
              <Checkbox.Root
                checked={count === 0 ? false : count === codes.length ? true : 'indeterminate'}
                onCheckedChange={(details) =>
                  set(toggleSectionCodes(field.value, codes, details.checked === true))
                }
              >
                <Checkbox.HiddenInput aria-label={t('group.selectSection', { section: label })} />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="600">
                  {label} ({count}/{codes.length})
                </Checkbox.Label>
              </Checkbox.Root>
            </Fieldset.Legend>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
              {entries.map((entry) => (
                <Checkbox.Root
                  key={entry.code}
                  size="sm"
                  checked={selected.has(entry.code)}
                  onCheckedChange={(details) =>
                    set(toggleMenuCode(field.value, entry.code, details.checked === true))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {language === 'en' ? entry.nameEn : entry.nameTh}{' '}
                    <Text as="span" color="fg.muted" fontSize="xs">
                      {entry.code}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </Fieldset.Root>
        );
      })}
    </Stack>
  );
}
