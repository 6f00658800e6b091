import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Proposals area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  proposals: () => <PlaceholderScreen descriptionKey="proposals:empty" />,
  'proposal-list': () => <PlaceholderScreen descriptionKey="proposals:list_empty" />,
  'proposal-detail': () => <PlaceholderScreen descriptionKey="proposals:detail_empty" />,
  'proposal-edit': () => <PlaceholderScreen descriptionKey="proposals:edit_empty" />,
  'proposal-search': () => <PlaceholderScreen descriptionKey="proposals:search_empty" />,
  'new-proposal-created-success': () => <PlaceholderScreen descriptionKey="proposals:created_success_empty" />,
  'view-proposal-pdf': () => <PlaceholderScreen descriptionKey="proposals:pdf_empty" />,
};
