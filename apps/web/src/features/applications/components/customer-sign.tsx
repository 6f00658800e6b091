import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '@portal/domain/codes/languages';
import type { Signature } from '@portal/domain/contracts/applications/application-steps';
import type { RemoteSignParty, SignSummary } from '@portal/domain/contracts/applications/remote-signature';
import { BusyButton } from '../../../components/ui/busy-button';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { changeLanguage, translateErrorKey } from '../../../lib/i18n';
import { takeLinkToken } from '../../../lib/link-token';
import { findSignSummary, openSignLink, resendSignCode, signDeclaration, verifySignCode } from '../api/customer-sign';
import { SignaturePad } from './signature-pad';

type PageState =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'expired'; messageKey?: string }
  | { kind: 'code'; session: string; party: RemoteSignParty; maskedPhone: string }
  | { kind: 'read'; session: string; party: RemoteSignParty }
  | { kind: 'done' };

const PARTY_LABELS: Readonly<Record<RemoteSignParty, string>> = {
  policyOwner: 'applications:signature_owner',
  lifeInsured: 'applications:signature_insured',
};

/** An expired, spent or killed link: the page asks for a new one. */
function isGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 410 || error.status === 401);
}

/**
 * The signer's page of a remote signature (decision 014), on their own phone, without an account:
 * the SMS link is spent for a session, the code sent to the phone proves it, then the summary of
 * the application in the page's language (as the server wrote it, the text whose hash is kept),
 * the declaration, and a drawn signature.
 */
export function CustomerSignPage() {
  const { t } = useTranslation(['applications', 'errors']);
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<PageState>(() => (token ? { kind: 'loading' } : { kind: 'missing' }));
  const started = useRef(false);

  useEffect(() => {
    // Once (the ref keeps a remount in development from spending the link twice).
    if (!token || started.current) return;
    started.current = true;
    openSignLink(token)
      .then((opened) => {
        void changeLanguage(opened.lang);
        setState({ kind: 'code', session: opened.sessionToken, party: opened.party, maskedPhone: opened.maskedPhone });
      })
      .catch(() => setState({ kind: 'expired' }));
  }, [token]);

  if (state.kind === 'loading') return <Skeleton height={240} radius="md" data-testid="customer-sign-loading" />;
  if (state.kind === 'missing' || state.kind === 'expired')
    return (
      <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="customer-sign-expired">
        {state.kind === 'missing'
          ? t('applications:customer_sign_missing')
          : state.messageKey
            ? translateErrorKey(state.messageKey)
            : t('applications:customer_sign_expired')}
      </Alert>
    );
  if (state.kind === 'done')
    return (
      <Alert color="green" variant="light" data-testid="customer-sign-done">
        {t('applications:customer_sign_done')}
      </Alert>
    );
  if (state.kind === 'code')
    return (
      <CodeForm
        session={state.session}
        maskedPhone={state.maskedPhone}
        onVerified={() => setState({ kind: 'read', session: state.session, party: state.party })}
        onGone={(messageKey) => setState({ kind: 'expired', messageKey })}
      />
    );
  return (
    <ReadAndSign
      session={state.session}
      party={state.party}
      onSigned={() => setState({ kind: 'done' })}
      onGone={(messageKey) => setState({ kind: 'expired', messageKey })}
    />
  );
}

function CodeForm({
  session,
  maskedPhone,
  onVerified,
  onGone,
}: {
  session: string;
  maskedPhone: string;
  onVerified: () => void;
  onGone: (messageKey?: string) => void;
}) {
  const { t } = useTranslation(['applications', 'errors']);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const verify = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await verifySignCode(session, code.trim());
      onVerified();
    } catch (error) {
      if (isGone(error)) onGone(isApiError(error) && error.status === 410 ? error.messageKey : undefined);
      else setProblem(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setProblem(null);
    try {
      await resendSignCode(session);
    } catch (error) {
      if (isGone(error)) onGone();
      else setProblem(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
    }
  };
  return (
    <Stack gap="sm" data-testid="customer-sign-code">
      <Text size="sm">{t('applications:customer_sign_code_sent', { phone: maskedPhone })}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('applications:customer_sign_code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="customer-sign-code-input"
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group gap="xs">
            <BusyButton type="submit" busy={busy} data-testid="customer-sign-verify">
              {t('applications:customer_sign_continue')}
            </BusyButton>
            <Button variant="subtle" onClick={() => void resend()}>
              {t('applications:customer_sign_resend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function ReadAndSign({
  session,
  party,
  onSigned,
  onGone,
}: {
  session: string;
  party: RemoteSignParty;
  onSigned: () => void;
  onGone: (messageKey?: string) => void;
}) {
  const { t, i18n } = useTranslation(['applications', 'errors']);
  const lang: Language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [summary, setSummary] = useState<SignSummary | null>(null);
  const [signature, setSignature] = useState<Signature | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    findSignSummary(session, lang)
      .then((s) => live && setSummary(s))
      .catch((error: unknown) => {
        if (isGone(error)) onGone();
        else setProblem(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
      });
    return () => {
      live = false;
    };
  }, [session, lang, attempt, onGone]);

  const sign = async () => {
    if (!summary || !signature?.image) return;
    setBusy(true);
    setProblem(null);
    try {
      await signDeclaration(session, { image: signature.image, lang: summary.lang, summaryHash: summary.hash });
      onSigned();
    } catch (error) {
      if (isGone(error)) onGone();
      else {
        setProblem(translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'));
        // The application changed meanwhile: show the new summary to read again.
        if (isApiError(error) && error.status === 409) setAttempt((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  if (!summary) return problem ? <Alert color="red">{problem}</Alert> : <Skeleton height={240} radius="md" />;
  return (
    <Stack gap="md" data-testid="customer-sign-summary" data-lang={summary.lang}>
      <Title order={2} size="h5">
        {t('applications:customer_sign_read')}
      </Title>
      <Card withBorder radius="md" padding="sm">
        <dl className="customer-facts">
          {summary.lines.map((line) => (
            <div key={line.label} style={{ display: 'contents' }}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card withBorder radius="md" padding="sm">
        <Text fw={600} size="sm" mb={4}>
          {t('applications:customer_sign_declaration')}
        </Text>
        <Text size="sm" data-testid="customer-sign-declaration">
          {summary.declaration}
        </Text>
      </Card>
      <Text size="sm">{t('applications:customer_sign_draw')}</Text>
      <SignaturePad id="customer-sig" label={t(PARTY_LABELS[party])} value={signature} onChange={setSignature} signerName="" />
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      <BusyButton busy={busy} disabled={signature?.method !== 'drawn'} onClick={() => void sign()} data-testid="customer-sign-submit">
        {t('applications:customer_sign_submit')}
      </BusyButton>
    </Stack>
  );
}
