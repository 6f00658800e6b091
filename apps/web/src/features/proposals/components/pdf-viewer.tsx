import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, type Language } from '@portal/domain/codes/languages';
import { proposalReportFileName } from '@portal/domain/contracts/proposals/find-proposal-report';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { currentLanguage, translateErrorKey } from '../../../lib/i18n';
import { useProposalPdf } from '../api/proposal-pdf';

/**
 * view-proposal-pdf: the benefit illustration in the language chosen here (the app's language
 * first), shown in the page and offered as a download. The PDF is fetched with the bearer token
 * and shown from a blob: URL.
 */
/**
 * Whether this browser draws a PDF inside the page. A phone's browser does not (an empty box):
 * there the PDF is opened in the phone's own viewer, downloaded or shared instead.
 */
const inlinePdf = typeof navigator === 'undefined' || navigator.pdfViewerEnabled !== false;
const canShare = typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && typeof File === 'function';

export function PdfViewer({ id, proposalNumber, version }: { id: string; proposalNumber: string; version: number }) {
  const { t } = useTranslation(['proposals', 'common', 'errors']);
  const [lang, setLang] = useState<Language>(() => currentLanguage());
  const pdf = useProposalPdf(id, lang, version);
  const blob = pdf.data;
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is made here and revoked by this effect's cleanup, so render cannot derive it
    setShown({ blob, url: next });
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  /** The current PDF's URL; none while another language's PDF loads. */
  const url = shown && shown.blob === blob ? shown.url : null;
  const fileName = proposalReportFileName(proposalNumber, lang);
  const share = async (pdf: Blob) => {
    const file = new File([pdf], fileName, { type: 'application/pdf' });
    // The person closing the share sheet is no error.
    if (navigator.canShare({ files: [file] })) await navigator.share({ files: [file], title: fileName }).catch(() => undefined);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={lang}
          onChange={(value) => setLang(value === 'km' ? 'km' : 'en')}
          aria-label={t('proposals:pdf_language')}
          data={[
            { value: 'en', label: LANGUAGE_NATIVE_NAMES.en },
            { value: 'km', label: LANGUAGE_NATIVE_NAMES.km },
          ]}
          data-testid="pdf-language"
        />
        <Group gap="xs">
          <Button
            component="a"
            href={url ?? undefined}
            target="_blank"
            rel="noopener"
            variant="default"
            disabled={!url}
            data-testid="pdf-open"
          >
            {t('proposals:pdf_open')}
          </Button>
          <Button component="a" href={url ?? undefined} download={fileName} disabled={!url} data-testid="pdf-download">
            {t('proposals:pdf_download')}
          </Button>
        </Group>
      </Group>
      {pdf.isPending ? (
        <Skeleton height={480} radius="md" data-testid="pdf-loading" />
      ) : pdf.isError ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" title={t('proposals:pdf_error')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateErrorKey(isApiError(pdf.error) ? pdf.error.messageKey : 'system_error')}</Text>
            <Button size="sm" variant="light" color="red" onClick={() => void pdf.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : url && !inlinePdf ? (
        <Card withBorder radius="md" padding="md" data-testid="pdf-phone" data-lang={lang}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('proposals:pdf_phone_note')}</Text>
            <Group gap="xs">
              <Button component="a" href={url} target="_blank" rel="noopener" data-testid="pdf-phone-open">
                {t('proposals:pdf_phone_open')}
              </Button>
              {canShare && shown ? (
                <Button variant="default" onClick={() => void share(shown.blob)} data-testid="pdf-share">
                  {t('proposals:customer_share')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Card>
      ) : url ? (
        <iframe
          src={url}
          title={t('proposals:pdf_frame_title', { number: proposalNumber })}
          style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
          data-testid="pdf-frame"
          data-lang={lang}
        />
      ) : null}
    </Stack>
  );
}
