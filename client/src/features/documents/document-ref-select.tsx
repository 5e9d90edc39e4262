import { useQuery } from '@apollo/client/react';
import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { DocumentTypeName } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { SelectField, type SelectOption } from '../../ui/form/select-field';
import { ReferenceFormField } from '../reference/reference-form-field';
import { labelOf } from '../reference/reference-rules';
import type { DocumentFormValues } from './document-form-values';
import type { DocumentField } from './document-rules';
import { DocumentQuery, DocumentsQuery } from './documents.operations';

// A `documentRef` field (docs/document-kit.md) drawn as a choice instead of a typed id: the
// documents of the descriptor's type and status as `documents` returns them (the caller's data scope
// and menus), or the lines of the document a header field names. When the caller may not read
// them, the id is typed as before; the server checks what is named either way.

/** The most documents offered (the server's page limit). */
const ROWS = 200;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function number(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** What is left of an approval after what was disbursed (never below zero). */
function remaining(approved: unknown, disbursed: unknown): string | null {
  const a = number(approved);
  if (a === null) return null;
  return String(Math.max(0, a - (number(disbursed) ?? 0)));
}

interface DocumentRefSelectProps {
  field: DocumentField;
  /** The field's Formik path (header.x or lines.i.x). */
  name: string;
  display: Record<string, unknown>;
}

export function DocumentRefSelect({ field, name, display }: DocumentRefSelectProps) {
  return field.refLineOf ? (
    <DocumentLineSelect field={field} name={name} display={display} />
  ) : (
    <DocumentChoiceSelect field={field} name={name} display={display} />
  );
}

function DocumentChoiceSelect({ field, name, display }: DocumentRefSelectProps) {
  const { t } = useTranslation();
  const type = field.refDocumentType;
  const query = useQuery(DocumentsQuery, {
    variables: {
      type: type ?? ('SUPPORT_REQUEST' as DocumentTypeName),
      status: field.refDocumentStatus ?? null,
      currentPage: 1,
      rows: ROWS,
    },
    skip: !type,
  });
  if (query.error || !type) return <ReferenceFormField field={field} name={name} display={display} />;
  const options: SelectOption[] = (query.data?.documents?.items ?? []).map((doc) => {
    const header = doc.header as Record<string, unknown>;
    const shown = doc.display as Record<string, unknown>;
    const requester = text(shown.requesterOffice) || text(header.requesterName);
    const parts = [doc.number, requester, text(header.purpose)].filter(Boolean);
    return { value: String(doc.id), label: parts.join(' — ') };
  });
  return (
    <SelectField
      name={name}
      label={labelOf(field, currentLanguage())}
      required={field.required}
      disabled={query.loading}
      placeholder={t('form.choose')}
      options={options}
    />
  );
}

function DocumentLineSelect({ field, name, display }: DocumentRefSelectProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<DocumentFormValues>();
  const type = field.refDocumentType;
  const parentId = number(getIn(values, `header.${field.refLineOf}`));
  const query = useQuery(DocumentQuery, {
    variables: { type: type ?? ('SUPPORT_REQUEST' as DocumentTypeName), id: parentId ?? 0 },
    skip: !type || parentId === null,
  });
  if (query.error || !type) return <ReferenceFormField field={field} name={name} display={display} />;
  const lines = query.data?.document?.lines ?? [];
  const language = currentLanguage();
  const options: SelectOption[] = lines.map((line) => {
    const v = line.values as Record<string, unknown>;
    const d = line.display as Record<string, unknown>;
    const money = number(v.approvedAmount) !== null || (v.resource == null && v.amount != null);
    const what = money ? t('documents.refMoney') : text(d.resource) || text(v.resource);
    const approved = money ? v.approvedAmount : v.approvedQuantity;
    const left = money
      ? remaining(v.approvedAmount, v.disbursedAmount)
      : remaining(v.approvedQuantity, v.disbursedQuantity);
    const figures =
      approved == null
        ? ''
        : ` (${t('documents.refApproved', { value: text(approved) })}, ${t('documents.refRemaining', { value: left ?? '' })})`;
    return { value: String(line.id), label: `#${line.lineNo} ${what}${figures}` };
  });
  // A line of a document's lines: choosing a request line also fills the line's resource.
  const linePath = name.slice(0, name.lastIndexOf('.'));
  const fillsResource = linePath.startsWith('lines.') && getIn(values, `${linePath}.resource`) !== undefined;
  return (
    <SelectField
      name={name}
      label={labelOf(field, language)}
      required={field.required}
      disabled={parentId === null || query.loading}
      placeholder={t('form.choose')}
      options={options}
      onChosen={(chosen) => {
        if (!fillsResource) return;
        const line = lines.find((candidate) => String(candidate.id) === chosen);
        const resource = (line?.values as Record<string, unknown> | undefined)?.resource;
        if (resource != null) void setFieldValue(`${linePath}.resource`, String(resource));
      }}
    />
  );
}
