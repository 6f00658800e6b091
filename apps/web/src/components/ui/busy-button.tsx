import type { MouseEvent, Ref } from 'react';
import { Button, Loader, type ButtonProps, type ElementProps } from '@mantine/core';

export interface BusyButtonProps extends ButtonProps, ElementProps<'button', keyof ButtonProps> {
  /** Work started by this button is under way: it says so and ignores presses, keeping the focus. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The app's button for work that takes a moment (Sign in, Save, Retry, Download…). While `busy`
 * it stays focusable: `aria-disabled` and `aria-busy` tell assistive technology, a spinner shows,
 * and a press (a click, Enter or Space, or Enter in a field of its form) does nothing. A `disabled`
 * button (what Mantine's `loading` does) would hand the focus to the page itself, so a keyboard
 * or screen-reader user who pressed it and got an error would start again at the top.
 * `disabled` stays for a button that cannot be used at all (nothing chosen yet).
 */
export function BusyButton({ busy = false, onClick, leftSection, ...props }: BusyButtonProps) {
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      data-busy={busy || undefined}
      leftSection={busy ? <Loader size={14} color="currentColor" data-testid="busy-spinner" /> : leftSection}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // For a submit button this also cancels the form's submission.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
