import { List, Text } from '@chakra-ui/react';
import { PASSWORD_RULES } from '@shared/schemas/auth';

/**
 * The platform's password rules as a live list under a new-password field: each turns green with a tick once the
 * typed password meets it, and says "(met)" or "(not met)" to screen readers. `id` is for the field's
 * aria-describedby.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <List.Root id={id} gap="1" variant="plain" aria-label="Password requirements" fontSize="sm">
      {PASSWORD_RULES.map((rule) => {
        const isMet = rule.test(password);
        return (
          <List.Item key={rule.id} color={isMet ? 'green.700' : 'fg.muted'} data-met={isMet}>
            <Text as="span" aria-hidden="true" mr="2">
              {isMet ? '✓' : '○'}
            </Text>
            {rule.label}
            <Text as="span" srOnly>
              {isMet ? ' (met)' : ' (not met)'}
            </Text>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
