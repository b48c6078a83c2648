import { Button, Card, Field, Heading, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toaster } from '@/components/ui/toaster';
import { apiFetch } from '@/lib/errors';
import { contactMessageSchema, CONTACT_LIMITS, type ContactMessageInput } from '@shared/schemas/site';

type Values = Required<ContactMessageInput>;
type FieldName = keyof Values;
const EMPTY: Values = { name: '', email: '', phone: '', company: '', message: '' };

const FIELDS: { name: FieldName; label: string; type?: string; autoComplete: string; required: boolean }[] = [
  { name: 'name', label: 'Full Name', autoComplete: 'name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', required: false },
  { name: 'company', label: 'Company', autoComplete: 'organization', required: false },
];

/** The contact form: stored and mailed to staff by POST /api/contact (docs/product.md 3). */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const send = useMutation({
    mutationFn: (input: ContactMessageInput) => apiFetch('/api/contact', { method: 'POST', body: input }),
  });

  function update(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    send.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setErrors({});
        toaster.create({
          type: 'success',
          title: 'Message Sent!',
          description: "Thank you for contacting us. We'll get back to you within 24 hours.",
        });
      },
      onError: () => {
        toaster.create({ type: 'error', title: 'Error', description: 'Failed to send message. Please try again.' });
      },
    });
  }

  return (
    <Card.Root variant="outline" borderRadius="2xl">
      <Card.Body p={{ base: '5', md: '8' }}>
        <Heading as="h2" size="xl" mb="6" id="contact-form-heading">
          Send Us a Message
        </Heading>
        <form onSubmit={handleSubmit} noValidate aria-labelledby="contact-form-heading">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              {FIELDS.map((field) => (
                <Field.Root key={field.name} required={field.required} invalid={Boolean(errors[field.name])}>
                  <Field.Label>
                    {field.label}
                    {field.required && <Field.RequiredIndicator />}
                  </Field.Label>
                  <Input
                    name={field.name}
                    type={field.type ?? 'text'}
                    autoComplete={field.autoComplete}
                    maxLength={CONTACT_LIMITS[field.name === 'email' ? 'name' : field.name]}
                    value={values[field.name]}
                    onChange={(event) => update(field.name, event.target.value)}
                  />
                  {errors[field.name] && <Field.ErrorText color="red.700">{errors[field.name]}</Field.ErrorText>}
                </Field.Root>
              ))}
            </SimpleGrid>
            <Field.Root required invalid={Boolean(errors.message)}>
              <Field.Label>
                Message
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                name="message"
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                value={values.message}
                onChange={(event) => update('message', event.target.value)}
              />
              {errors.message && <Field.ErrorText color="red.700">{errors.message}</Field.ErrorText>}
            </Field.Root>
            <Button
              type="submit"
              size="lg"
              colorPalette="brand"
              loading={send.isPending}
              loadingText="Sending..."
              alignSelf={{ base: 'stretch', md: 'flex-start' }}
            >
              Send Message
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
