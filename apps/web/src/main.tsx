import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// Self-hosted Khmer font (no CDN); its Khmer subset downloads only when Khmer text is shown.
import '@fontsource/noto-sans-khmer/400.css';
import '@fontsource/noto-sans-khmer/700.css';
import './app/app.css';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';

// i18next first: the router starts loading the first screen (and its language file) at once.
void initI18n();
const router = createAppRouter();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
