import { Heading, Link, List, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentDescriptor } from './document-rules';

export interface RelatedDocument {
  type: string;
  id: number;
  number: string;
  labelTh: string;
  labelEn: string;
}

/** The route that opens a document of the type read only: its first VIEW screen with the id (spec sec. 2). */
export function viewRouteOf(
  descriptors: readonly DocumentDescriptor[],
  doc: Pick<RelatedDocument, 'type' | 'id'>,
) {
  const key = descriptors.find((d) => d.type === doc.type)?.screens.find((s) => s.mode === 'VIEW')?.key;
  return key ? `/backoffice/${key}/${doc.id}` : null;
}

/**
 * The documents this one was made from and made into (a support request and its disbursements),
 * each a link that opens it (`/backoffice/view-<key>/<id>`).
 */
export function DocumentRelated({
  related,
  descriptors,
  language,
}: {
  related: readonly RelatedDocument[];
  descriptors: readonly DocumentDescriptor[];
  language: 'th' | 'en';
}) {
  const { t } = useTranslation();
  if (!related.length) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {t('documents.related')}
      </Heading>
      <List.Root as="ul" ps="5">
        {related.map((doc) => {
          const to = viewRouteOf(descriptors, doc);
          const text = `${language === 'th' ? doc.labelTh : doc.labelEn} ${doc.number}`;
          return (
            <List.Item key={`${doc.type}:${doc.id}`}>
              {to ? (
                <Link asChild colorPalette="brand">
                  <RouterLink to={to}>{text}</RouterLink>
                </Link>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List.Root>
    </Stack>
  );
}
