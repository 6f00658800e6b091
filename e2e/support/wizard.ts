// The application wizard as a person drives it: the next step, the save state, a drawn signature.
import { expect, type Page } from '@playwright/test';
import { text, type Lang } from './i18n';

/** Presses Next and waits for the wizard to stand on `expectedStep`. */
export async function next(page: Page, expectedStep: number): Promise<void> {
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', String(expectedStep));
}

export async function waitSaved(page: Page, lang: Lang = 'en'): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveText(text('applications:saved', lang));
}

/** Draws a short stroke on a signature canvas with the mouse (pointer events) and accepts it. */
export async function drawSignature(page: Page, testId: string): Promise<void> {
  const canvas = page.getByTestId(`${testId}-canvas`);
  // The mouse moves in the viewport: on a phone the pad may be below the fold.
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? -20 : 20), { steps: 3 });
  await page.mouse.up();
  await page.getByTestId(`${testId}-accept`).click();
  await expect(page.getByTestId(`${testId}-signed`)).toBeVisible();
}

/** A real JPEG as a phone camera makes one (drawn and encoded by the page's browser). */
export async function cameraJpeg(page: Page): Promise<Buffer> {
  return Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 400;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#dfe8f5';
      g.fillRect(0, 0, 640, 400);
      g.fillStyle = '#123';
      g.font = '40px sans-serif';
      g.fillText('NATIONAL ID 123456789', 40, 200);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/jpeg', 0.9));
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );
}
