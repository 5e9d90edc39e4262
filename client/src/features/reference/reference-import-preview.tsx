import { Alert, Badge, Box, Checkbox, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceImportResultFieldsFragment } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { labelOf, type ReferenceDescriptor } from './reference-rules';

export type ImportResult = ReferenceImportResultFieldsFragment;
type ImportRow = ImportResult['rows'][number];

/** Rows shown at once: a file may hold thousands; the refused ones come first when asked for. */
const SHOWN_ROWS = 500;

function cellsOf(row: ImportRow): Record<string, unknown> {
  return typeof row.values === 'object' && row.values !== null ? (row.values as Record<string, unknown>) : {};
}

/** What the server found in the file: counts, then each row with its errors under it. */
export function ReferenceImportPreview({
  descriptor,
  result,
}: {
  descriptor: ReferenceDescriptor;
  result: ImportResult;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [onlyErrors, setOnlyErrors] = useState(result.errorRows > 0);
  const fieldLabel = (name: string | null | undefined) => {
    const field = descriptor.fields.find((candidate) => candidate.name === name);
    return field ? labelOf(field, language) : null;
  };
  const rows = onlyErrors ? result.rows.filter((row) => row.errors.length > 0) : result.rows;
  const shown = rows.slice(0, SHOWN_ROWS);
  return (
    <Stack gap="3">
      <Alert.Root status={result.errorRows > 0 ? 'error' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {t('reference.importSummary', {
              total: result.total,
              created: result.created,
              updated: result.updated,
              errors: result.errorRows,
            })}
          </Alert.Title>
          <Alert.Description>
            {result.errorRows > 0
              ? t('reference.importHasErrors', { count: result.errorRows })
              : t('reference.importReady')}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {result.errorRows > 0 && (
        <Checkbox.Root
          checked={onlyErrors}
          onCheckedChange={(details) => setOnlyErrors(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('reference.importOnlyErrors')}</Checkbox.Label>
        </Checkbox.Root>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="55vh">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption captionSide="top" textAlign="start" srOnly>
            {t('reference.importResult')}
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader textAlign="end">{t('reference.importRow')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reference.importAction')}</Table.ColumnHeader>
              <Table.ColumnHeader>{fieldLabel('code')}</Table.ColumnHeader>
              <Table.ColumnHeader>{fieldLabel('nameTh')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('reference.importErrors')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row) => {
              const cells = cellsOf(row);
              const invalid = row.errors.length > 0;
              return (
                <Table.Row
                  key={row.row}
                  bg={invalid ? 'red.subtle' : undefined}
                  data-invalid={invalid || undefined}
                >
                  <Table.Cell textAlign="end">{row.row}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={row.action === 'UPDATE' ? 'blue' : 'green'}>
                      {row.action === 'UPDATE' ? t('reference.importUpdate') : t('reference.importCreate')}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{row.code ?? String(cells.code ?? '')}</Table.Cell>
                  <Table.Cell>{String(cells.nameTh ?? '')}</Table.Cell>
                  <Table.Cell>
                    {invalid ? (
                      <Box as="ul" listStyleType="none" color="fg.error">
                        {row.errors.map((error) => {
                          const label = fieldLabel(error.field);
                          const message = language === 'en' ? error.messageEn : error.messageTh;
                          return (
                            <li key={`${error.field}:${error.messageEn}`}>
                              {label ? `${label}: ${message}` : message}
                            </li>
                          );
                        })}
                      </Box>
                    ) : (
                      <Text color="fg.muted">{t('reference.importRowOk')}</Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length > shown.length && (
        <Text color="fg.muted" fontSize="sm">
          {t('reference.importShowing', { shown: shown.length, total: rows.length })}
        </Text>
      )}
    </Stack>
  );
}
