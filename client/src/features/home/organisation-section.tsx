import { Box, Card, Heading, HStack, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../platform/i18n';
import { HomeOrganisationQuery } from './home.queries';
import { HomeLoadError, HomeLoading } from './home-states';
import { usePublicQuery } from './public-query';

/** The ministry (the tree's root) and its departments, the first level below it. */
export function OrganisationSection() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = usePublicQuery(HomeOrganisationQuery);
  const english = currentLanguage() === 'en';
  const nameOf = (unit: { nameTh: string; nameEn: string }) => (english ? unit.nameEn : unit.nameTh);

  return (
    <Stack as="section" aria-labelledby="organisation-title" gap="4">
      <Box>
        <Heading as="h2" id="organisation-title" size={{ base: 'xl', md: '2xl' }}>
          {t('home.organisationTitle')}
        </Heading>
        <Text color="fg.muted">{t('home.organisationIntro')}</Text>
      </Box>
      {loading && !data ? (
        <>
          <Box srOnly>
            <HomeLoading />
          </Box>
          <Skeleton rounded="md" h="20rem" aria-hidden />
        </>
      ) : error && !data ? (
        <HomeLoadError onRetry={refetch} />
      ) : (
        (data?.organisationTree ?? []).map((ministry) => (
          <Card.Root key={ministry.id} variant="subtle">
            <Card.Body gap="4">
              <HStack gap="3" align="start">
                <Box color="brand.solid" pt="1" aria-hidden>
                  <Landmark size={28} />
                </Box>
                <Heading as="h3" size="lg">
                  {nameOf(ministry)}
                </Heading>
              </HStack>
              <Box>
                <Text fontWeight="700" mb="2">
                  {t('home.departmentsTitle')}
                </Text>
                {ministry.children.length === 0 ? (
                  <Text color="fg.muted">{t('home.departmentsEmpty')}</Text>
                ) : (
                  <List.Root ps="5" gap="1">
                    {ministry.children.map((department) => (
                      <List.Item key={department.id}>{nameOf(department)}</List.Item>
                    ))}
                  </List.Root>
                )}
              </Box>
            </Card.Body>
          </Card.Root>
        ))
      )}
    </Stack>
  );
}
