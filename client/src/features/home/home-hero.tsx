import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { HandCoins, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function HomeHero() {
  const { t } = useTranslation();
  return (
    <Box bgGradient="to-br" gradientFrom="brand.800" gradientTo="brand.600" color="white">
      <Container maxW="7xl" py={{ base: '10', md: '16', lg: '20' }}>
        <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
          <Heading as="h1" size={{ base: '3xl', md: '4xl', lg: '5xl' }} lineHeight="1.3">
            {t('home.heroTitle')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="whiteAlpha.900">
            {t('home.heroText')}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
              <Link to="/donate-money-by-bank-transfer">
                <HandCoins aria-hidden />
                {t('home.donateMoneyCta')}
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Link to="/near-me">
                <MapPin aria-hidden />
                {t('home.nearMeCta')}
              </Link>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
