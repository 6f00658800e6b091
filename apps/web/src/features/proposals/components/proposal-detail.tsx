import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProposalParty, ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { isProposalLocked } from '@portal/domain/contracts/proposals/proposal-fields';
import { formatDisplayDate } from '@portal/domain/format/date';
import { useCatalogue } from '../api/find-catalogue';
import { KhqrPanel } from './khqr-panel';
import { COVERAGE_TYPE_LABELS, MODE_LABELS, RELATIONSHIP_LABELS, STATUS_LABELS } from './labels';
import { usd } from './money';
import { PremiumTable } from './premium-table';
import { SendToCustomer } from './send-to-customer';

function personName(p: ProposalParty): string {
  const kh = [p.lastNameKh, p.firstNameKh].filter(Boolean).join(' ');
  return `${p.firstName} ${p.lastName}${kh ? ` · ${kh}` : ''}`;
}

/** proposal-detail: people, plan, the stored premiums per mode, coverages, status history and the KHQR payment. */
export function ProposalDetail({ proposal: p, canEdit }: { proposal: ProposalResponse; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['proposals']);
  const catalogue = useCatalogue().data;
  const product = catalogue?.products.find((x) => x.code === p.productCode);
  // Names in the screen's language (the catalogue keeps both), never the codes.
  const inLanguage = (x: { name: string; nameKh: string }) => (i18n.language === 'km' ? x.nameKh || x.name : x.name);
  const riderName = (code: string) => {
    const rider = catalogue?.riders.find((r) => r.code === code);
    return rider ? inLanguage(rider) : code;
  };
  const productName = product ? inLanguage(product) : null;
  const plan = product?.plans.find((x) => x.planKey === p.planKey);
  const separate = p.policyOwner.contactId !== p.lifeInsured.contactId;
  const locked = isProposalLocked(p.status);
  return (
    <Stack gap="md" data-testid="proposal-detail">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('proposals:proposal_number')}
            </Text>
            <Text fw={700} fz="lg" data-testid="proposal-number">
              {p.proposalNumber}
            </Text>
          </Stack>
          <Badge size="lg" variant="light" data-testid="proposal-status">
            {t(STATUS_LABELS[p.status])}
          </Badge>
        </Group>
        <Group justify="space-between" mt="sm" wrap="nowrap" p="sm" bg="var(--mantine-color-blue-light)" style={{ borderRadius: 8 }}>
          <Text fw={600}>{t('proposals:your_premium', { mode: t(MODE_LABELS[p.premiumMode]) })}</Text>
          <Text fw={700} fz="xl" data-testid="proposal-premium">
            {usd(p.premium)}
          </Text>
        </Group>
        <Group mt="md" gap="xs" wrap="wrap">
          <Button component={Link} to={`/home/proposal/view-proposal-pdf/${encodeURIComponent(p.id)}`} data-testid="proposal-view-pdf">
            {t('proposals:view_pdf')}
          </Button>
          {canEdit ? <SendToCustomer proposal={p} /> : null}
          {canEdit && locked ? (
            <Button
              component={Link}
              to={`/home/proposal?copyFrom=${encodeURIComponent(p.id)}`}
              variant="default"
              data-testid="proposal-copy"
            >
              {t('proposals:copy_as_new')}
            </Button>
          ) : canEdit ? (
            <>
              <Button component={Link} to={`/home/proposal/edit/${encodeURIComponent(p.id)}`} variant="default" data-testid="proposal-edit">
                {t('proposals:edit')}
              </Button>
              <Button
                component={Link}
                to={`/home/application?proposalId=${encodeURIComponent(p.id)}`}
                variant="default"
                data-testid="proposal-apply"
              >
                {t('proposals:make_application')}
              </Button>
            </>
          ) : null}
        </Group>
        {locked ? (
          <Alert variant="light" color="gray" mt="sm" data-testid="proposal-locked">
            {t('proposals:locked_note')}
          </Alert>
        ) : null}
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h5">
            {t('proposals:life_insured')}
          </Title>
          <Text data-testid="proposal-life-insured">{personName(p.lifeInsured)}</Text>
          <Text size="sm" c="dimmed">
            {formatDisplayDate(p.lifeInsured.dateOfBirth)} · {t('proposals:age', { age: p.quote.lifeInsuredAge })}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h5">
            {t('proposals:policy_owner')}
          </Title>
          <Text>{separate ? personName(p.policyOwner) : t('proposals:owner_is_insured')}</Text>
          {separate && p.relationshipCode ? (
            <Text size="sm" c="dimmed">
              {t(RELATIONSHIP_LABELS[p.relationshipCode] ?? 'proposals:relationship_other', { code: p.relationshipCode })}
            </Text>
          ) : null}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('proposals:plan')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:product')}
            </Text>
            <Text data-testid="proposal-product">{productName ?? p.productCode}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:plan_key')}
            </Text>
            <Text>{plan ? inLanguage(plan) : p.planKey}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:face_amount')}
            </Text>
            <Text>{usd(p.faceAmount)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:policy_term')}
            </Text>
            <Text>{t('proposals:years', { count: p.policyTerm })}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:premium_term')}
            </Text>
            <Text>{t('proposals:years', { count: p.premiumTerm })}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('proposals:catalogue_version')}
            </Text>
            <Text>{p.catalogueVersion}</Text>
          </Stack>
        </SimpleGrid>
        <Title order={3} size="h5" mt="md" mb={4}>
          {t('proposals:premiums_per_mode')}
        </Title>
        <PremiumTable quote={p.quote} mode={p.premiumMode} />
        <Title order={3} size="h5" mt="md" mb={4}>
          {t('proposals:coverage')}
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table withTableBorder fz="sm" data-testid="coverage-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('proposals:coverage_type')}</Table.Th>
                <Table.Th>{t('proposals:coverage_name')}</Table.Th>
                <Table.Th ta="right">{t('proposals:face_amount')}</Table.Th>
                <Table.Th ta="right">{t(MODE_LABELS[p.premiumMode])}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.quote.coverages.map((c) => (
                <Table.Tr key={`${c.coverageType}-${c.code}`}>
                  <Table.Td>{t(COVERAGE_TYPE_LABELS[c.coverageType])}</Table.Td>
                  <Table.Td>{c.coverageType === 'B' ? (productName ?? c.code) : riderName(c.code)}</Table.Td>
                  <Table.Td ta="right">{usd(c.faceAmount)}</Table.Td>
                  <Table.Td ta="right">{usd(c.premiumFirstYear[p.premiumMode]?.premium)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <KhqrPanel proposalNumber={p.proposalNumber} proposalId={p.id} autoLoad={p.status === 'paymentRequested'} />

      <Card withBorder radius="md" padding="md">
        <Title order={2} size="h4" mb="sm">
          {t('proposals:history')}
        </Title>
        <Timeline active={p.statusHistory.length - 1} bulletSize={14} lineWidth={2} data-testid="proposal-history">
          {p.statusHistory.map((h, i) => (
            <Timeline.Item key={`${h.at}-${i}`} title={t(STATUS_LABELS[h.status])}>
              <Text size="xs" c="dimmed">
                {formatDisplayDate(h.at)} {h.at.slice(11, 16)}
                {h.byName ? ` · ${h.byName}` : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
