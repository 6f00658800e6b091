import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Signature } from '@portal/domain/contracts/applications/application-steps';

const WIDTH = 480;
const HEIGHT = 160;

/**
 * A signature drawn with a finger, pen or mouse (pointer events on a canvas, kept as a PNG data
 * URL), or — the keyboard alternative — the signer's name typed. Shown signed when stored.
 * Focus follows the keyboard user: into the name field when they choose to type, to "Sign
 * again" once signed, and back to the pad's first button after that.
 */
export function SignaturePad({
  id,
  label,
  value,
  onChange,
  error,
  signerName,
}: {
  id: string;
  label: string;
  value: Signature | null | undefined;
  onChange: (next: Signature | null) => void;
  error?: string | undefined;
  signerName: string;
}) {
  const { t } = useTranslation(['applications']);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drew = useRef(false);
  const [mode, setMode] = useState<'drawn' | 'typed'>(value?.method ?? 'drawn');
  const [editing, setEditing] = useState(!value);
  /** Where focus goes after the next render: set only by the signer's own actions. */
  const focusNext = useRef<'redo' | 'pad' | null>(null);
  const redoButton = useRef<HTMLButtonElement>(null);
  const padButton = useRef<HTMLButtonElement>(null);

  // Kept until its target is on screen: the signed view (and its redo button) appears only once
  // the wizard's state holds the signature, which may be a render after this component's own.
  useEffect(() => {
    const target = focusNext.current === 'redo' ? redoButton.current : focusNext.current === 'pad' ? padButton.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#10243e';
  }, [editing, mode]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const down = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const ctx = event.currentTarget.getContext('2d');
    const p = point(event);
    ctx?.beginPath();
    ctx?.moveTo(p.x, p.y);
    drawing.current = true;
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = event.currentTarget.getContext('2d');
    const p = point(event);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
    drew.current = true;
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    drew.current = false;
  };
  const accept = (typedName?: string) => {
    const signedAt = new Date().toISOString();
    if (mode === 'typed') {
      if (!typedName?.trim()) return;
      onChange({ method: 'typed', typedName: typedName.trim(), signerName, signedAt });
    } else {
      if (!drew.current || !canvas.current) return;
      onChange({ method: 'drawn', image: canvas.current.toDataURL('image/png'), signerName, signedAt });
    }
    focusNext.current = 'redo';
    setEditing(false);
  };

  if (value && !editing) {
    return (
      <Stack gap={4} data-testid={`${id}-signed`}>
        <Text fw={500} size="sm">
          {label}
        </Text>
        {value.method === 'drawn' && value.image ? (
          <Image src={value.image} alt={t('applications:signature_of', { name: label })} maw={WIDTH} h={80} fit="contain" bg="gray.0" />
        ) : (
          <Text fs="italic" fz="xl">
            {value.typedName}
          </Text>
        )}
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('applications:signed')}
          </Text>
          <Button
            ref={redoButton}
            size="compact-sm"
            variant="subtle"
            onClick={() => {
              onChange(null);
              setEditing(true);
              drew.current = false;
              focusNext.current = 'pad';
            }}
          >
            {t('applications:signature_redo')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap={6} data-testid={id}>
      <Text fw={500} size="sm" id={`${id}-label`}>
        {label}
      </Text>
      {mode === 'drawn' ? (
        <>
          <canvas
            ref={canvas}
            width={WIDTH}
            height={HEIGHT}
            aria-labelledby={`${id}-label`}
            role="img"
            data-testid={`${id}-canvas`}
            style={{
              width: '100%',
              maxWidth: WIDTH,
              aspectRatio: `${WIDTH} / ${HEIGHT}`,
              border: '1px dashed #8a96a3',
              borderRadius: 6,
              touchAction: 'none',
              background: '#fff',
            }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onPointerLeave={up}
          />
          <Group gap="xs">
            <Button size="xs" onClick={() => accept()} data-testid={`${id}-accept`}>
              {t('applications:signature_accept')}
            </Button>
            <Button size="xs" variant="default" onClick={clear}>
              {t('applications:signature_clear')}
            </Button>
            <Button ref={padButton} size="xs" variant="subtle" onClick={() => setMode('typed')}>
              {t('applications:signature_type_instead')}
            </Button>
          </Group>
        </>
      ) : (
        <TypedSignature
          id={id}
          onAccept={accept}
          onDraw={() => {
            focusNext.current = 'pad';
            setMode('drawn');
          }}
        />
      )}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function TypedSignature({ id, onAccept, onDraw }: { id: string; onAccept: (name: string) => void; onDraw: () => void }) {
  const { t } = useTranslation(['applications']);
  const [name, setName] = useState('');
  // Enter signs, as in a form (the wizard has no form element to submit).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onAccept(name);
  };
  return (
    <Group gap="xs" align="flex-end">
      {/* Shown only when the signer chose to type (or signs again): their focus goes straight into it. */}
      <TextInput
        autoFocus
        label={t('applications:signature_typed_label')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-testid={`${id}-typed`}
        style={{ flex: 1 }}
      />
      <Button size="sm" onClick={() => onAccept(name)}>
        {t('applications:signature_accept')}
      </Button>
      <Button size="sm" variant="subtle" onClick={onDraw}>
        {t('applications:signature_draw_instead')}
      </Button>
    </Group>
  );
}
