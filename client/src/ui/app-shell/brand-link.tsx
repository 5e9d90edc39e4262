import { Box, Link as ChakraLink, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The logo: the Thai name first, the Latin name beside it. */
export function BrandLink() {
  const { t } = useTranslation();
  return (
    <ChakraLink
      asChild
      color="brand.fg"
      _hover={{ textDecoration: 'none' }}
      aria-label={t('app.homeLinkLabel')}
    >
      <Link to="/">
        <HStack gap="2">
          <Box
            as="span"
            color="brand.solid"
            aria-hidden
            css={{ '& svg': { width: { base: '7', md: '8' }, height: 'auto' } }}
          >
            <HeartHandshake />
          </Box>
          <Text
            as="span"
            fontSize={{ base: 'lg', sm: 'xl', md: '2xl' }}
            fontWeight="700"
            lineHeight="1.2"
            whiteSpace="nowrap"
          >
            น้ำใจ{' '}
            <Text as="span" fontWeight="500" color="fg.muted">
              Namjai
            </Text>
          </Text>
        </HStack>
      </Link>
    </ChakraLink>
  );
}
