import type { FigureProvider } from './figure-provider';
import { complianceFigures } from './figures/compliance-figures.repository';
import { contactsFigures } from './figures/contacts-figures.repository';
import { applicationFigures, proposalFigures } from './figures/sales-figures.repository';
import { servicingFigures } from './figures/servicing-figures.repository';

/**
 * Every dashboard figure group, in the order the dashboard shows them. An area adds its provider
 * here (one file, one line).
 */
export const FIGURE_PROVIDERS: readonly FigureProvider[] = [
  contactsFigures,
  proposalFigures,
  applicationFigures,
  servicingFigures,
  complianceFigures,
];
