import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Field {
  label: string;
  value: ReactNode;
  /** Optional key for lists whose labels repeat. */
  id?: string;
}

/**
 * Label/value pairs as a description list (<dl>): one column on a 360-px phone (two when the
 * values are short: `dense`), two or three on wider screens. An absent value reads "Not
 * provided" rather than leaving a gap.
 */
export function FieldList({ fields, cols = 2, dense = false }: { fields: readonly Field[]; cols?: 2 | 3; dense?: boolean }) {
  const { t } = useTranslation(['servicing']);
  return (
    <SimpleGrid component="dl" cols={{ base: dense ? 2 : 1, xs: 2, md: cols }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((field) => (
        <div key={field.id ?? field.label}>
          <Text component="dt" size="sm" c="dimmed">
            {field.label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {field.value === null || field.value === undefined || field.value === '' ? t('servicing:not_provided') : field.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
