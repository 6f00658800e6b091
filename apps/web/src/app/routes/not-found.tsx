import { IconCompass } from '../../components/ui/icons';
import { MessagePage } from './message-page';

/** Any path that is not a screen. */
export function NotFoundPage() {
  return (
    <MessagePage icon={<IconCompass size={26} />} titleKey="common:not_found_title" textKey="common:not_found_text" testId="not-found" />
  );
}
