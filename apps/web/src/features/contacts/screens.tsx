import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Contacts area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  contacts: () => <PlaceholderScreen descriptionKey="contacts:empty" />,
  'contact-detail': () => <PlaceholderScreen descriptionKey="contacts:detail_empty" />,
  'contact-update': () => <PlaceholderScreen descriptionKey="contacts:update_empty" />,
  'contact-new': () => <PlaceholderScreen descriptionKey="contacts:new_empty" />,
  'success-create-contact': () => <PlaceholderScreen descriptionKey="contacts:success_create_empty" />,
  'success-update-contact': () => <PlaceholderScreen descriptionKey="contacts:success_update_empty" />,
  'add-activity': () => <PlaceholderScreen descriptionKey="contacts:add_activity_empty" />,
};
