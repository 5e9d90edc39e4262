import { Button } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceTypeName } from '../../gql/graphql';
import type { ApiExistingItem } from '../../platform/api-errors';
import { currentLanguage } from '../../platform/i18n';
import { DetailsDialog } from '../../ui/app-dialog';
import { ErrorState, LoadingState } from '../../ui/query-state';
import { ReferenceFormDialog } from './reference-form-dialog';
import { labelOf } from './reference-rules';
import { useReferenceTypes } from './use-reference-types';

export interface ReferenceInlineCreateProps {
  refType: ReferenceTypeName;
  /** The pick list's label: the button reads "add new <label>". */
  fieldLabel: string;
  /** The saved item (or the existing one a refusal named and the person chose). */
  onCreated: (item: ApiExistingItem) => void;
}

/**
 * "Add new …" under a pick list whose type may be created from it (the field descriptor's
 * inlineCreateMenuCodes, held by the person): opens that type's own form, the reference kit's, and
 * hands the saved item back to be chosen.
 */
export function ReferenceInlineCreate({ refType, fieldLabel, onCreated }: ReferenceInlineCreateProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="xs" variant="ghost" colorPalette="brand" alignSelf="start" onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        {t('reference.addInline', { field: fieldLabel })}
      </Button>
      {open && <InlineCreateDialog refType={refType} onCreated={onCreated} onClose={() => setOpen(false)} />}
    </>
  );
}

function InlineCreateDialog({
  refType,
  onCreated,
  onClose,
}: Omit<ReferenceInlineCreateProps, 'fieldLabel'> & { onClose: () => void }) {
  const { descriptors, loading, error, refetch } = useReferenceTypes();
  const descriptor = descriptors.find((candidate) => candidate.type === refType);
  if (descriptor) {
    return <ReferenceFormDialog descriptor={descriptor} item={null} onClose={onClose} onSaved={onCreated} />;
  }
  return (
    <DetailsDialog title={descriptor ? labelOf(descriptor, currentLanguage()) : refType} onClose={onClose}>
      {loading ? <LoadingState /> : <ErrorState error={error} notFound={!error} onRetry={refetch} />}
    </DetailsDialog>
  );
}
