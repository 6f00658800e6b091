import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readCatalogueReceived, type CatalogueReceived } from '../../../lib/offline/catalogue-received';

/** "Premiums from catalogue version V, received D": what a quote (made offline too) was worked out on. */
export function CatalogueUsed({ version }: { version: string }) {
  const { t, i18n } = useTranslation(['offline']);
  const [received, setReceived] = useState<CatalogueReceived | null>(null);
  useEffect(() => {
    let current = true;
    readCatalogueReceived().then(
      (found) => current && setReceived(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [version]);
  const date =
    received && received.version === version
      ? new Date(received.at).toLocaleString(i18n.language === 'km' ? 'km-KH' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })
      : '—';
  return (
    <Text size="xs" c="dimmed" data-testid="quote-catalogue">
      {t('offline:catalogue_used', { version, date })}
    </Text>
  );
}
