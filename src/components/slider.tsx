import { HStack, Slider, Text } from '@chakra-ui/react';

type LabelledSliderProps = {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** How a value reads: beside the label, under both ends, and to screen readers. */
  format: (value: number) => string;
  onChange: (value: number) => void;
  /** lg: the public calculator's larger slider, its value in the brand colour. */
  size?: 'md' | 'lg';
};

// The thumb's size at size="lg" (sizes.6): known in advance, the thumbs are placed and shown in the prerendered markup
// too, instead of staying hidden until the slider has hydrated and measured them.
const LG_THUMB_SIZE = { width: 24, height: 24 };

/** One labelled slider with its value and its range; arrows, Page Up/Down, Home and End move it (Ark's slider). */
export function LabelledSlider({ label, value, min, max, step, format, onChange, size = 'md' }: LabelledSliderProps) {
  const isLarge = size === 'lg';
  return (
    <Slider.Root
      min={min}
      max={max}
      step={step}
      value={[value]}
      onValueChange={(details) => onChange(details.value[0] ?? value)}
      getAriaValueText={(details) => format(details.value)}
      colorPalette="brand"
      {...(isLarge ? { size: 'lg', thumbSize: LG_THUMB_SIZE } : { thumbAlignment: 'contain' })}
    >
      <HStack justify="space-between" mb={isLarge ? '2' : '1'}>
        <Slider.Label fontWeight="semibold">{label}</Slider.Label>
        <Text
          fontWeight="bold"
          color={isLarge ? 'brand.700' : undefined}
          aria-hidden="true"
          css={isLarge ? undefined : { fontVariantNumeric: 'tabular-nums' }}
        >
          {format(value)}
        </Text>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
      <HStack justify="space-between" mt="1" fontSize="xs" color="fg.muted" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </HStack>
    </Slider.Root>
  );
}
