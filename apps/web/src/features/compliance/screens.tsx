import type { ScreenComponents } from '../../lib/screen-route';
import { QuestionnaireScreen } from './components/questionnaire-screen';
import { TrainingScreen } from './components/training-screen';

/** Compliance training (spec §2). */
export const screens: ScreenComponents = {
  compliance: TrainingScreen,
  questionnaire: QuestionnaireScreen,
};
