import { Box, Button, Field, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTranslateFormError } from '../../ui/form/use-field-error';
import { ReferenceFormField } from '../reference';
import { type DocumentFormValues, LINE_KEY, lineFormValues } from './document-form-values';
import { DocumentRefSelect } from './document-ref-select';
import { type DocumentDescriptor, entryFields } from './document-rules';

export interface DocumentLinesEditorProps {
  descriptor: DocumentDescriptor;
  /** Saved lines' display texts by line key (a reference no longer active is still named). */
  displays: ReadonlyMap<string, unknown>;
}

const NO_DISPLAY: Record<string, unknown> = {};

/**
 * The lines of a document form: add, remove and reorder rows; each row's fields drawn by kind with
 * the reference kit's fields, at `lines.<row>.<field>`, so a server error such as
 * `lines.2.quantity` appears under that field of the third row.
 */
export function DocumentLinesEditor({ descriptor, displays }: DocumentLinesEditorProps) {
  const { t } = useTranslation();
  const translate = useTranslateFormError();
  const { values, errors, submitCount } = useFormikContext<DocumentFormValues>();
  const fields = entryFields(descriptor.lines);
  const linesError = getIn(errors, 'lines');
  return (
    <FieldArray name="lines">
      {(lines) => (
        <Stack gap="3" as="fieldset">
          <Text as="legend" fontWeight="600" mb="1">
            {t('documents.lines')}
          </Text>
          {values.lines.map((line, index) => {
            const n = index + 1;
            const last = index === values.lines.length - 1;
            const record = displays.get(line[LINE_KEY]);
            const display =
              typeof record === 'object' && record !== null
                ? (record as Record<string, unknown>)
                : NO_DISPLAY;
            return (
              <Box
                key={line[LINE_KEY]}
                role="group"
                aria-label={t('documents.line', { n })}
                borderWidth="1px"
                rounded="md"
                p="3"
              >
                <HStack justify="space-between" mb="2">
                  <Text fontWeight="600">{t('documents.line', { n })}</Text>
                  <HStack gap="1">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('documents.moveUp', { n })}
                      disabled={index === 0}
                      onClick={() => lines.move(index, index - 1)}
                    >
                      <ArrowUp />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t('documents.moveDown', { n })}
                      disabled={last}
                      onClick={() => lines.move(index, index + 1)}
                    >
                      <ArrowDown />
                    </IconButton>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('documents.removeLine', { n })}
                      onClick={() => lines.remove(index)}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </HStack>
                <SimpleGrid columns={{ base: 1, md: Math.min(fields.length, 3) }} gap="3">
                  {fields.map((field) =>
                    field.refDocumentType ? (
                      <DocumentRefSelect
                        key={field.name}
                        field={field}
                        name={`lines.${index}.${field.name}`}
                        display={display}
                      />
                    ) : (
                      <ReferenceFormField
                        key={field.name}
                        field={field}
                        name={`lines.${index}.${field.name}`}
                        display={display}
                        pickFor={{ documentType: descriptor.type, field: `lines.${field.name}` }}
                      />
                    ),
                  )}
                </SimpleGrid>
              </Box>
            );
          })}
          {values.lines.length === 0 && <Text color="fg.muted">{t('documents.noLines')}</Text>}
          {typeof linesError === 'string' && submitCount > 0 && (
            <Field.Root invalid>
              <Field.ErrorText>{translate(linesError)}</Field.ErrorText>
            </Field.Root>
          )}
          <Button variant="outline" alignSelf="start" onClick={() => lines.push(lineFormValues(descriptor))}>
            <Plus aria-hidden />
            {t('documents.addLine')}
          </Button>
        </Stack>
      )}
    </FieldArray>
  );
}
