import { IconLock } from '../../components/ui/icons';
import { MessagePage } from './message-page';

/** A screen of the app that the signed-in user's roles may not use. */
export function NotForYourRolePage() {
  return (
    <MessagePage
      icon={<IconLock size={26} />}
      titleKey="common:not_for_role_title"
      textKey="common:not_for_role_text"
      testId="not-for-your-role"
    />
  );
}
