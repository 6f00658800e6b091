import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Compliance training area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  compliance: () => <PlaceholderScreen descriptionKey="compliance:empty" />,
  questionnaire: () => <PlaceholderScreen descriptionKey="compliance:questionnaire_empty" />,
};
