import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type FieldRow = [string, ReactNode];

/** Label and value pairs in two columns from md up (one on a phone); an empty value shows a dash. */
export function FieldList({ rows }: { rows: FieldRow[] }) {
  return (
    <DataList.Root
      orientation="horizontal"
      size="sm"
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
      columnGap="6"
      rowGap="2"
    >
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="baseline">
          <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value ?? '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
