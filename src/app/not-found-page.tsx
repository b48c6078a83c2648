import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/hooks/use-page-meta';

export default function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you are looking for does not exist or has moved.');
  return (
    <Container maxW="lg" py="24">
      <Stack gap="4" textAlign="center" align="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.700" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </Stack>
    </Container>
  );
}
