import type { FigureProvider } from './figure-provider';
import { complianceFigures } from './figures/compliance.figures';
import { contactsFigures } from './figures/contacts.figures';
import { servicingFigures } from './figures/servicing.figures';

/**
 * Every dashboard figure group, in the order the dashboard shows them. Proposals, applications
 * and recruitment each add their provider here (one file, one line) when they land.
 */
export const FIGURE_PROVIDERS: readonly FigureProvider[] = [
  contactsFigures,
  servicingFigures,
  complianceFigures,
];
