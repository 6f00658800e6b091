import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's base styles; each component's own sheet comes with the code that draws it
// (vite-plugins/mantine-component-css.ts), so a lazy screen brings the styles only it uses.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { reshapeTextWhenFontsLoad } from './lib/font-reshape';
import { initI18n } from './lib/i18n';
import '@mantine/notifications/styles.layer.css';
import './app/khmer-font.css';
import './app/app.css';

reshapeTextWhenFontsLoad();
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
