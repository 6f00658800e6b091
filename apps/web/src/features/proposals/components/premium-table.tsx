import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREMIUM_MODES, type PremiumMode } from '@portal/domain/codes/premium-modes';
import type { CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { MODE_LABELS } from './labels';
import { usd } from './money';

/** premiumFirstYear per mode: before discount, discount, after (= the instalment); the chosen mode highlighted. */
export function PremiumTable({ quote, mode }: { quote: CalculatePremiumResponse; mode: PremiumMode }) {
  const { t } = useTranslation(['proposals']);
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm" data-testid="premium-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('proposals:premium_mode')}</Table.Th>
            <Table.Th ta="right">{t('proposals:before_discount')}</Table.Th>
            <Table.Th ta="right">{t('proposals:discount')}</Table.Th>
            <Table.Th ta="right">{t('proposals:after_discount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PREMIUM_MODES.filter((m) => quote.premiumFirstYear[m]).map((m) => {
            const p = quote.premiumFirstYear[m];
            return (
              <Table.Tr
                key={m}
                fw={m === mode ? 700 : undefined}
                bg={m === mode ? 'var(--mantine-color-yellow-light)' : undefined}
                data-testid={`premium-row-${m}`}
              >
                <Table.Td>{t(MODE_LABELS[m])}</Table.Td>
                <Table.Td ta="right">{usd(p?.premiumBeforeDiscount)}</Table.Td>
                <Table.Td ta="right">{usd(p?.premiumDiscount)}</Table.Td>
                <Table.Td ta="right">{usd(p?.premiumAfterDiscount)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
