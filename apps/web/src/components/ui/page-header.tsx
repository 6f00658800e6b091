import { useEffect, useRef, type ReactNode } from 'react';
import { Group, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { namespaceOf } from '../../lib/screen-route';

let firstPageShown = false;

/**
 * A screen's one <h1>, also used as the document title. After an in-app navigation the heading
 * takes focus, so screen-reader and keyboard users start at the new page's top; the first page
 * of a visit leaves focus where the browser put it.
 */
export function PageHeader({
  titleKey,
  subtitle,
  actions,
  mb = 'lg',
}: {
  titleKey: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation([namespaceOf(titleKey), 'common']);
  const title = t(titleKey);
  const ref = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = t('common:document_title', { page: title });
  }, [t, title]);

  useEffect(() => {
    if (firstPageShown) ref.current?.focus({ preventScroll: true });
    firstPageShown = true;
  }, [titleKey]);

  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb={mb}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h2', sm: 'h1' }} ref={ref} tabIndex={-1} className="page-title">
          {title}
        </Title>
        {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
      </Stack>
      {actions}
    </Group>
  );
}
