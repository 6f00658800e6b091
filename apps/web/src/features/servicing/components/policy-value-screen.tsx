import { Card, SimpleGrid, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { formatMoney } from '@portal/domain/format/money';
import { usePolicyNumber } from '../hooks/policy-paths';
import { showMoney } from './format';
import { PolicyFrame } from './policy-frame';
import { EmptyNote } from './query-state';
import { ValueChart } from './value-chart';

/** Tick labels are round amounts: "$5,000" rather than "$5,000.00". */
function tickFormatter(currency: PolicyDetailsResponse['currency']) {
  return (minor: number) => formatMoney(minor, currency).replace(/\.00$/, '');
}

/** Colours on white with at least 4.5:1 contrast; the lines also differ by pattern and marker. */
const CASH_COLOR = '#264f98';
const SURRENDER_COLOR = '#b3470b';

function PolicyValues({ detail }: { detail: PolicyDetailsResponse }) {
  const { t } = useTranslation(['servicing']);
  const values = detail.values;
  const first = values[0];
  const last = values.at(-1);
  if (!first || !last) return <EmptyNote description={t('servicing:policy_value_empty')} />;

  const description = t('servicing:value_chart_desc', {
    firstYear: first.policyYear,
    lastYear: last.policyYear,
    cashFirst: showMoney(first.cashValue),
    cashLast: showMoney(last.cashValue),
    surrenderFirst: showMoney(first.surrenderValue),
    surrenderLast: showMoney(last.surrenderValue),
  });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" mb="lg">
      <Card withBorder padding="md" component="section" aria-labelledby="value-chart-heading">
        <Title order={2} size="h4" id="value-chart-heading" mb="sm">
          {t('servicing:value_chart_heading')}
        </Title>
        <ValueChart
          title={t('servicing:value_chart_title', { number: detail.policyNumber })}
          description={description}
          categories={values.map((v) => String(v.policyYear))}
          xAxisLabel={t('servicing:policy_year')}
          yAxisLabel={t('servicing:value_axis')}
          formatTick={tickFormatter(detail.currency)}
          series={[
            { label: t('servicing:cash_value'), values: values.map((v) => v.cashValue.minor), color: CASH_COLOR, marker: 'circle' },
            {
              label: t('servicing:surrender_value'),
              values: values.map((v) => v.surrenderValue.minor),
              color: SURRENDER_COLOR,
              marker: 'square',
              dashed: true,
            },
          ]}
        />
      </Card>
      <Card withBorder padding="md" component="section" aria-labelledby="value-table-heading">
        <Title order={2} size="h4" id="value-table-heading" mb="sm">
          {t('servicing:value_table_heading')}
        </Title>
        <Table.ScrollContainer minWidth={400} type="native" tabIndex={0} role="region" aria-labelledby="value-table-heading">
          <Table striped tabularNums verticalSpacing="xs" data-testid="policy-value-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('servicing:policy_year')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('servicing:cash_value')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('servicing:surrender_value')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('servicing:paid_up_value')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((v) => (
                <Table.Tr key={v.policyYear}>
                  <Table.Th scope="row" fw={500}>
                    {v.policyYear}
                  </Table.Th>
                  <Table.Td ta="right">{showMoney(v.cashValue)}</Table.Td>
                  <Table.Td ta="right">{showMoney(v.surrenderValue)}</Table.Td>
                  <Table.Td ta="right">{showMoney(v.paidUpValue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </SimpleGrid>
  );
}

/** Cash, surrender and paid-up values by policy year: a chart and the same numbers as a table. */
export function PolicyValueScreen() {
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:policy_value_title" current="policy-value" policyNumber={policyNumber}>
      {(detail) => <PolicyValues detail={detail} />}
    </PolicyFrame>
  );
}
