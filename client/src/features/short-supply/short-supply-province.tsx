import { Box, Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ShortSupplyQuery } from '../../gql/graphql';
import type { Language } from '../../platform/language';
import { formatQuantity } from '../../platform/money';

export type ShortSupplyProvinceData = ShortSupplyQuery['shortSupply'][number];

const pick = (language: Language, th: string, en: string | null | undefined) =>
  language === 'en' && en ? en : th;

/** One province: what is needed (name, category, how many) and where to bring it. */
export function ShortSupplyProvince({
  province,
  language,
}: {
  province: ShortSupplyProvinceData;
  language: Language;
}) {
  const { t } = useTranslation();
  const name = pick(language, province.provinceNameTh, province.provinceNameEn);
  const headingId = `short-supply-province-${province.provinceId}`;
  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      variant="outline"
      borderTopWidth="4px"
      borderTopColor="brand.solid"
      // Provinces off screen are laid out when they come near it.
      contentVisibility="auto"
      containIntrinsicSize="auto 40rem"
    >
      <Card.Body gap="5" px={{ base: '3', md: '6' }}>
        <Heading as="h2" id={headingId} size={{ base: 'lg', md: 'xl' }}>
          {name}
        </Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Caption captionSide="top" textAlign="start" srOnly>
              {t('shortSupply.itemsCaption', { province: name })}
            </Table.Caption>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('shortSupply.resource')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('shortSupply.category')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('shortSupply.needed')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {province.items.map((item) => (
                <Table.Row key={item.resourceCode}>
                  <Table.Cell fontWeight="500">
                    {pick(language, item.resourceNameTh, item.resourceNameEn)}
                  </Table.Cell>
                  <Table.Cell>{pick(language, item.categoryTh, item.categoryEn)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatQuantity(item.needed)}{' '}
                    {pick(language, item.countingUnitTh ?? '', item.countingUnitEn)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Stack gap="3">
          <Heading as="h3" size="md">
            {t('shortSupply.donationPoints')}
          </Heading>
          {province.donationPoints.length === 0 ? (
            <Text color="fg.muted">{t('shortSupply.noDonationPoints')}</Text>
          ) : (
            <SimpleGrid
              as="ul"
              aria-label={t('shortSupply.donationPointsOf', { province: name })}
              columns={{ base: 1, md: 2 }}
              gap="3"
              listStyleType="none"
            >
              {province.donationPoints.map((point) => (
                <Box as="li" key={point.code} borderWidth="1px" rounded="md" p="3">
                  <Text fontWeight="600">{pick(language, point.nameTh, point.nameEn)}</Text>
                  {point.addressLine && <Text>{point.addressLine}</Text>}
                  {point.phone && (
                    <Text>
                      {t('shortSupply.phone')}:{' '}
                      <a href={`tel:${point.phone.replace(/[^\d+]/g, '')}`}>{point.phone}</a>
                    </Text>
                  )}
                  {point.openingHours && (
                    <Text color="fg.muted">
                      {t('shortSupply.openingHours')}: {point.openingHours}
                    </Text>
                  )}
                </Box>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
