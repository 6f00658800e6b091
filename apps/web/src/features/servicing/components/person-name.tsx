import { Stack, Text } from '@mantine/core';
import { khmerName, latinName, type PersonName } from './format';

/** A name in Latin script with the Khmer-script name under it (marked lang="km" for screen readers). */
export function PersonNameText({ name, strong = false }: { name: PersonName | null | undefined; strong?: boolean }) {
  const khmer = khmerName(name);
  return (
    <Stack gap={0}>
      <Text fw={strong ? 600 : 500}>{latinName(name)}</Text>
      {khmer ? (
        <Text size="sm" c="dimmed" lang="km">
          {khmer}
        </Text>
      ) : null}
    </Stack>
  );
}
