import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '@portal/domain/codes/languages';
import { proposalReportFileName } from '@portal/domain/contracts/proposals/find-proposal-report';
import type { CustomerProposal } from '@portal/domain/contracts/proposals/send-to-customer';
import { PREMIUM_MODE_LABELS } from '@portal/domain/codes/application-labels';
import { formatUsdAmount as usd } from '@portal/domain/format/money';
import { BusyButton } from '../../../components/ui/busy-button';
import { IconAlert } from '../../../components/ui/icons';
import { KhqrCode } from '../../../components/ui/khqr-code';
import { isApiError } from '../../../lib/api-client';
import { changeLanguage, translateErrorKey } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/save-blob';
import { takeLinkToken } from '../../../lib/link-token';
import { customerProposalPdf, findCustomerProposal, openProposalLink } from '../api/customer-proposal';

/** Where the page keeps its view token on the customer's phone (a day; the SMS link itself opens once). */
const VIEW_KEY = 'portal.customer-proposal';

interface KeptView {
  viewToken: string;
  proposalId: string;
  expiresAt: number;
}

/** The `sub` of a JWT, read without checking it (only to match a kept view to a link; the server checks both). */
function subjectOf(token: string): string | null {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function readKept(): KeptView | null {
  try {
    const kept = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as KeptView | null;
    return kept && kept.expiresAt > Date.now() ? kept : null;
  } catch {
    return null;
  }
}

function keep(viewToken: string, expiresIn: number): void {
  const proposalId = subjectOf(viewToken);
  if (!proposalId) return;
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify({ viewToken, proposalId, expiresAt: Date.now() + expiresIn * 1000 }));
  } catch {
    // Private mode: the page still works until it is closed.
  }
}

type PageState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'failed'; messageKey: string }
  | { kind: 'ready'; viewToken: string; proposal: CustomerProposal };

/** A name in the page's language (Khmer when there is one). */
function named(x: { name: string; nameKh: string | null }, lang: Language): string {
  return lang === 'km' && x.nameKh ? x.nameKh : x.name;
}

/**
 * The customer's page of a proposal their advisor sent by SMS: no account. The link is spent once
 * for a view token kept on the phone for a day (tapping the SMS again on the same phone shows the
 * page again); the proposal in plain words, the KHQR code for the first premium, the PDF in either
 * language, and how to reach the advisor.
 */
export function CustomerProposalPage() {
  const { t, i18n } = useTranslation(['proposals', 'common', 'errors']);
  const lang = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<PageState>(() => (token || readKept() ? { kind: 'loading' } : { kind: 'missing' }));
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt (the ref keeps a remount in development from spending the link twice).
    if (started.current === attempt) return;
    started.current = attempt;
    const kept = readKept();
    const fromKept = (view: KeptView) =>
      findCustomerProposal(view.viewToken).then((proposal) => setState({ kind: 'ready', viewToken: view.viewToken, proposal }));
    const fail = (error: unknown) => {
      if (isApiError(error) && (error.status === 410 || error.status === 401)) {
        if (error.status === 401) localStorage.removeItem(VIEW_KEY);
        setState({ kind: 'expired' });
      } else setState({ kind: 'failed', messageKey: isApiError(error) ? error.messageKey : 'system_error' });
    };
    if (token) {
      openProposalLink(token)
        .then((opened) => {
          keep(opened.viewToken, opened.expiresIn);
          void changeLanguage(opened.proposal.lang);
          setState({ kind: 'ready', viewToken: opened.viewToken, proposal: opened.proposal });
        })
        .catch((error: unknown) => {
          // The link was opened before on this phone: the kept view shows the same proposal.
          if (isApiError(error) && error.status === 410 && kept && kept.proposalId === subjectOf(token)) fromKept(kept).catch(fail);
          else fail(error);
        });
    } else if (kept) fromKept(kept).catch(fail);
  }, [token, attempt]);

  if (state.kind === 'loading') return <Skeleton height={320} radius="md" data-testid="customer-loading" />;
  if (state.kind === 'missing' || state.kind === 'expired')
    return (
      <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="customer-expired">
        {t(state.kind === 'missing' ? 'proposals:customer_missing' : 'proposals:customer_expired')}
      </Alert>
    );
  if (state.kind === 'failed')
    return (
      <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translateErrorKey(state.messageKey)}</Text>
          <Button
            size="sm"
            variant="light"
            color="red"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );

  const p = state.proposal;
  const product = `${named(p.product, lang)}${p.plan ? ` — ${named(p.plan, lang)}` : ''}`;
  return (
    <Stack gap="md" data-testid="customer-proposal">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('proposals:proposal_number')} {p.proposalNumber}
        </Text>
        <Title order={2} size="h4" data-testid="customer-product">
          {product}
        </Title>
      </Stack>
      <Card withBorder radius="md" padding="sm">
        <dl className="customer-facts">
          <dt>{t('proposals:life_insured')}</dt>
          <dd data-testid="customer-insured">{named(p.lifeInsured, lang)}</dd>
          <dt>{t('proposals:policy_owner')}</dt>
          <dd>{named(p.policyOwner, lang)}</dd>
          <dt>{t('proposals:face_amount')}</dt>
          <dd>{usd(p.faceAmount)}</dd>
          <dt>{t('proposals:customer_terms')}</dt>
          <dd>{t('proposals:customer_terms_value', { policy: p.policyTerm, premium: p.premiumTerm })}</dd>
          <dt>{t('proposals:your_premium', { mode: t(PREMIUM_MODE_LABELS[p.premiumMode]) })}</dt>
          <dd data-testid="customer-premium">
            <strong>{usd(p.premium)}</strong>
          </dd>
        </dl>
        {p.riders.length > 0 ? (
          <>
            <Text size="sm" fw={600} mt="xs">
              {t('proposals:riders')}
            </Text>
            <List size="sm" data-testid="customer-riders">
              {p.riders.map((r) => (
                <List.Item key={r.name}>
                  {named(r, lang)}
                  {r.faceAmount ? ` · ${usd(r.faceAmount)}` : ''}
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </Card>
      <CustomerPdf viewToken={state.viewToken} proposalNumber={p.proposalNumber} lang={lang} />
      <Card withBorder radius="md" padding="sm" data-testid="customer-khqr">
        <Title order={3} size="h5" mb="xs">
          {t('proposals:payment_title')}
        </Title>
        <KhqrCode
          qrImage={p.payment.qrImage}
          reference={p.payment.paymentReference}
          amount={usd(p.payment.amount)}
          expiresAt={p.payment.expiresAt}
          size={180}
        />
      </Card>
      <Card withBorder radius="md" padding="sm">
        <Text size="sm" c="dimmed">
          {t('proposals:customer_advisor')}
        </Text>
        <Text fw={600}>{named(p.advisor, lang)}</Text>
        {p.advisor.phone ? (
          <Anchor href={`tel:${p.advisor.phone}`} data-testid="customer-advisor-phone">
            {p.advisor.phone}
          </Anchor>
        ) : null}
      </Card>
    </Stack>
  );
}

/** Download (and, where the phone can, Share) the PDF in the page's language. */
function CustomerPdf({ viewToken, proposalNumber, lang }: { viewToken: string; proposalNumber: string; lang: Language }) {
  const { t } = useTranslation(['proposals', 'errors']);
  const [busy, setBusy] = useState<'download' | 'share' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileName = proposalReportFileName(proposalNumber, lang);
  const canShare = typeof navigator.canShare === 'function' && typeof File === 'function';

  const run = async (action: 'download' | 'share') => {
    setBusy(action);
    setProblem(null);
    try {
      const blob = await customerProposalPdf(viewToken, lang);
      const file = new File([blob], fileName, { type: 'application/pdf' });
      if (action === 'share' && navigator.canShare({ files: [file] })) await navigator.share({ files: [file], title: fileName });
      else saveBlob(blob, fileName);
    } catch (error) {
      // The person closed the share sheet: nothing went wrong.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setProblem(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" grow>
        <BusyButton busy={busy === 'download'} onClick={() => void run('download')} data-testid="customer-pdf-download">
          {t('proposals:pdf_download')}
        </BusyButton>
        {canShare ? (
          <BusyButton variant="default" busy={busy === 'share'} onClick={() => void run('share')} data-testid="customer-pdf-share">
            {t('proposals:customer_share')}
          </BusyButton>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
