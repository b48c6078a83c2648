import { Alert, List, Stack, Text } from '@chakra-ui/react';
import type { UnderwritingResultDto } from '@shared/schemas/submission';
import { UNDERWRITING_WORDS } from '@shared/underwriting-words';

/** Approved for less than asked: the engine's reason and what would raise the offer, as the server wrote them. */
export function LessThanAskedNote({ explanation }: { explanation: UnderwritingResultDto['explanation'] }) {
  if (!explanation?.lessThanAsked) return null;
  return (
    <Alert.Root status="info" alignItems="flex-start" data-testid="less-than-asked">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Why this amount</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Text>{explanation.lessThanAsked}</Text>
            {explanation.whatWouldChange.length > 0 && (
              <>
                <Text fontWeight="semibold">What could raise it</Text>
                <List.Root ps="5" gap="1">
                  {explanation.whatWouldChange.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List.Root>
              </>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Factor rate, purchase amount and APR in plain words, once, under the offer's figures. */
export function OfferTermsExplained() {
  return (
    <List.Root mt="3" ps="5" gap="1" fontSize="sm" color="fg.muted" aria-label="What these terms mean">
      <List.Item>{UNDERWRITING_WORDS.factorRate}</List.Item>
      <List.Item>{UNDERWRITING_WORDS.purchaseAmount}</List.Item>
      <List.Item>{UNDERWRITING_WORDS.estimatedApr}</List.Item>
    </List.Root>
  );
}
