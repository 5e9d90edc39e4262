import { Heading, Image, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentAttachmentsFieldsFragment } from '../../gql/graphql';
import { useApiFetch } from '../../platform/api-fetch';

type Attachment = DocumentAttachmentsFieldsFragment['attachments'][number];

/** One photo, loaded with the session's token (the file route needs it) and shown from memory. */
function Photo({ file }: { file: Attachment }) {
  const api = useApiFetch();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    api(file.url)
      .then((response) => response.blob())
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [api, file.url]);
  return src ? (
    <Image src={src} alt={file.fileName} borderRadius="md" objectFit="cover" aspectRatio={4 / 3} />
  ) : null;
}

/**
 * A document's photos: its image attachments (JPEG, PNG, WebP, as the server read them from the
 * content), e.g. a disbursement's result (MN-092). Other files stay in the attachments list only.
 */
export function DocumentPhotos({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation();
  const photos = attachments.filter((file) => file.mediaType.startsWith('image/'));
  if (!photos.length) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {t('documents.photos')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {photos.map((file) => (
          <Photo key={file.id} file={file} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
