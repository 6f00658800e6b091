import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { namespaceOf, useCurrentScreen } from '../../lib/screen-route';
import { IconInbox } from './icons';
import { PageHeader } from './page-header';

/**
 * A screen whose area is not built yet: its real title and a short, friendly empty state.
 * It makes no network calls.
 */
export function PlaceholderScreen({ descriptionKey, icon, children }: { descriptionKey: string; icon?: ReactNode; children?: ReactNode }) {
  const screen = useCurrentScreen();
  const { t } = useTranslation([namespaceOf(descriptionKey), 'common']);
  return (
    <>
      <PageHeader titleKey={screen?.titleKey ?? 'common:empty_title'} />
      <EmptyState
        variant="light"
        size="md"
        py="xl"
        icon={icon ?? <IconInbox size={28} />}
        title={t('common:empty_title')}
        description={t(descriptionKey)}
      >
        {children}
      </EmptyState>
    </>
  );
}
