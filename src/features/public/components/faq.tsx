import { Accordion, Box, Container, Heading } from '@chakra-ui/react';
import { FAQ } from '../content/products-content';
import { Section } from './section';

/** The products page's questions and answers; an island of that page (src/app/islands/registry.ts). */
export function Faq() {
  return (
    <Section
      id="faq"
      eyebrow="FAQ"
      title="Frequently Asked Questions"
      subtitle="Everything you need to know before you apply."
    >
      <Container maxW="3xl" px="0">
        {/* Single mode: opening one answer closes the other. */}
        <Accordion.Root collapsible variant="enclosed" bg="white">
          {FAQ.map((item, index) => (
            <Accordion.Item key={item.question} value={`faq-${index}`}>
              <Heading as="h3" size="md" fontWeight="semibold">
                <Accordion.ItemTrigger py="4" cursor="pointer">
                  <Box as="span" flex="1" textAlign="start">
                    {item.question}
                  </Box>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
              </Heading>
              <Accordion.ItemContent _motionReduce={{ animation: 'none' }}>
                <Accordion.ItemBody color="fg.muted">{item.answer}</Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Container>
    </Section>
  );
}
