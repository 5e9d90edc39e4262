import { useQuery } from '@apollo/client/react';
import { Input, Stack, Text } from '@chakra-ui/react';
import { LIST_ROWS_DEFAULT } from '@namjai/common/paging';
import { getIn, useFormikContext } from 'formik';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentTypeName, SupportRequestChoiceHeaderFragment } from '../../gql/graphql';
import { currentLanguage } from '../../platform/i18n';
import { formatMoney, formatQuantity, QUANTITY_SCALE } from '../../platform/money';
import { SelectField, type SelectOption } from '../../ui/form/select-field';
import { displayIn, labelOf, ReferenceFormField, useDebounced } from '../reference';
import { DonationChoiceSelect } from '../royal-decoration';
import type { DocumentFormValues } from './document-form-values';
import type { DocumentField } from './document-rules';
import { DocumentQuery, DocumentsQuery } from './documents.operations';

// A `documentRef` field (docs/document-kit.md) drawn as a choice instead of a typed id: the
// documents of the descriptor's type and status as `documents` returns them (the caller's data scope
// and menus), searched on the server as the person types, or the lines of the document a header
// field names. When the caller may not read them, the id is typed as before; the server checks what
// is named either way.

/** The most documents one answer offers; typing narrows them on the server. */
const ROWS = LIST_ROWS_DEFAULT;
/** Typing pauses this long before the search asks the server. */
const SEARCH_DELAY_MS = 300;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

function number(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * What is left of an approval for this document: approved less what live disbursements take
 * (`committed`, as the server's check counts it), with this document's own saved share added back
 * (an edit replaces it). Never below zero.
 */
function remaining(approved: unknown, committed: unknown, own: number, money: boolean): string | null {
  const a = number(approved);
  if (a === null) return null;
  const left = Math.max(0, a - (number(committed) ?? 0) + own);
  return money ? formatMoney(left.toFixed(2)) : formatQuantity(left.toFixed(QUANTITY_SCALE));
}

/** An approved amount or quantity as the picker shows it: money with two decimals, quantities as written. */
const figure = (value: unknown, money: boolean): string => {
  const shown = text(value);
  return money ? formatMoney(shown) : formatQuantity(shown);
};

interface DocumentRefSelectProps {
  field: DocumentField;
  /** The field's Formik path (header.x or lines.i.x). */
  name: string;
  display: Record<string, unknown>;
}

/** The document the form edits (null while creating): a type's own pick list may need it. */
export const EditedDocumentContext = createContext<number | null>(null);

export function DocumentRefSelect({ field, name, display }: DocumentRefSelectProps) {
  const documentId = useContext(EditedDocumentContext);
  // A type's own pick list, by its own rule (the server's `refChoicesQuery`).
  if (field.refChoicesQuery === 'royalDecorationDonationChoices')
    return <DonationChoiceSelect field={field} name={name} display={display} documentId={documentId} />;
  return field.refLineOf ? (
    <DocumentLineSelect field={field} name={name} display={display} />
  ) : (
    <DocumentChoiceSelect field={field} name={name} display={display} />
  );
}

function DocumentChoiceSelect({ field, name, display }: DocumentRefSelectProps) {
  const { t } = useTranslation();
  const { values } = useFormikContext<DocumentFormValues>();
  const type = field.refDocumentType;
  const [filter, setFilter] = useState('');
  const search = useDebounced(filter.trim(), SEARCH_DELAY_MS);
  const query = useQuery(DocumentsQuery, {
    variables: {
      type: type ?? ('SUPPORT_REQUEST' as DocumentTypeName),
      status: field.refDocumentStatus ?? null,
      search: search || null,
      currentPage: 1,
      rows: ROWS,
    },
    skip: !type,
  });
  const chosen = number(getIn(values, name));
  const items = query.data?.documents?.items ?? [];
  // The current choice stays offered when the search leaves it out (an edit, a narrowed search).
  const missing = chosen !== null && !query.loading && !items.some((doc) => doc.id === chosen);
  const current = useQuery(DocumentQuery, {
    variables: { type: type ?? ('SUPPORT_REQUEST' as DocumentTypeName), id: chosen ?? 0 },
    skip: !type || !missing,
  });
  if (query.error || !type) return <ReferenceFormField field={field} name={name} display={display} />;
  const optionOf = (doc: {
    id: number;
    number: string;
    header: unknown;
    display: unknown;
    displayEn?: unknown;
  }) => {
    // A support request's fields, named through the typed schema (documents.operations.ts).
    const header = doc.header as Partial<Record<keyof SupportRequestChoiceHeaderFragment, unknown>>;
    const shown = displayIn(doc, currentLanguage()) as typeof header;
    const requester = text(shown.requesterOffice) || text(header.requesterName);
    const parts = [doc.number, requester, text(header.purpose)].filter(Boolean);
    return { value: String(doc.id), label: parts.join(' — ') };
  };
  const kept = missing && current.data?.document ? [optionOf(current.data.document)] : [];
  const options: SelectOption[] = [...kept, ...items.map(optionOf)];
  const total = query.data?.documents?.total ?? 0;
  const label = labelOf(field, currentLanguage());
  return (
    <Stack gap="2">
      <SelectField
        name={name}
        label={label}
        required={field.required}
        disabled={query.loading && !query.data}
        placeholder={t('form.choose')}
        options={options}
      />
      {/* Outside the field, so the label stays the select's own. */}
      <Input
        size="sm"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('documents.refSearch')}
        aria-label={t('documents.refSearchOf', { field: label })}
      />
      {total > items.length && (
        <Text textStyle="xs" color="fg.muted" role="status">
          {t('documents.refMore', { shown: items.length, total })}
        </Text>
      )}
    </Stack>
  );
}

function DocumentLineSelect({ field, name, display }: DocumentRefSelectProps) {
  const { t } = useTranslation();
  const { values, initialValues, setFieldValue } = useFormikContext<DocumentFormValues>();
  const type = field.refDocumentType;
  const parentId = number(getIn(values, `header.${field.refLineOf}`));
  const query = useQuery(DocumentQuery, {
    variables: { type: type ?? ('SUPPORT_REQUEST' as DocumentTypeName), id: parentId ?? 0 },
    skip: !type || parentId === null,
  });
  if (query.error || !type) return <ReferenceFormField field={field} name={name} display={display} />;
  const lines = query.data?.document?.lines ?? [];
  const language = currentLanguage();
  // This document's saved share of each request line (an edit), which live disbursements count.
  const ownShare = (lineId: number, money: boolean): number => {
    if (money) {
      const header = initialValues.header as Record<string, unknown>;
      return number(header[field.name]) === lineId ? (number(header.amount) ?? 0) : 0;
    }
    return initialValues.lines
      .filter((saved) => number((saved as Record<string, unknown>)[field.name]) === lineId)
      .reduce((sum, saved) => sum + (number((saved as Record<string, unknown>).quantity) ?? 0), 0);
  };
  const options: SelectOption[] = lines.map((line) => {
    const v = line.values as Record<string, unknown>;
    const d = displayIn(line, language);
    const money = number(v.approvedAmount) !== null || (v.resource == null && v.amount != null);
    const what = money ? t('documents.refMoney') : text(d.resource) || text(v.resource);
    const approved = money ? v.approvedAmount : v.approvedQuantity;
    const left = money
      ? remaining(v.approvedAmount, v.committedAmount ?? v.disbursedAmount, ownShare(line.id, true), true)
      : remaining(
          v.approvedQuantity,
          v.committedQuantity ?? v.disbursedQuantity,
          ownShare(line.id, false),
          false,
        );
    const figures =
      approved == null
        ? ''
        : ` (${t('documents.refApproved', { value: figure(approved, money) })}, ${t('documents.refRemaining', { value: left ?? '' })})`;
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
