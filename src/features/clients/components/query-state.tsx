import { Alert, Button, Center, Spinner } from '@chakra-ui/react';
import { getErrorMessage } from '@/lib/errors';

/** Loading and failure of one section, reported where the user is looking. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <Center py="10">
      <Spinner size="md" color="brand.solid" aria-label={label} />
    </Center>
  );
}

export function SectionError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{fallback}</Alert.Title>
        <Alert.Description>{getErrorMessage(error, fallback)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          Try again
        </Button>
      )}
    </Alert.Root>
  );
}
