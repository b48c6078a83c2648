import { Field, Input } from '@chakra-ui/react';
import type { useRequestReset } from '../hooks/use-request-reset';

/** The email field of a reset-link request. */
export function ResetEmailField({ request }: { request: ReturnType<typeof useRequestReset> }) {
  return (
    <Field.Root required invalid={Boolean(request.error)}>
      <Field.Label>
        Email <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        value={request.email}
        onChange={(event) => request.setEmail(event.target.value)}
      />
      {request.error && <Field.ErrorText>{request.error}</Field.ErrorText>}
    </Field.Root>
  );
}
