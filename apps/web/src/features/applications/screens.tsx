import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Applications area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  applications: () => <PlaceholderScreen descriptionKey="applications:empty" />,
  'application-list': () => <PlaceholderScreen descriptionKey="applications:list_empty" />,
  'application-detail': () => <PlaceholderScreen descriptionKey="applications:detail_empty" />,
  'application-search': () => <PlaceholderScreen descriptionKey="applications:search_empty" />,
  'application-create-success': () => <PlaceholderScreen descriptionKey="applications:create_success_empty" />,
};
