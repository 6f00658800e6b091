import type { ScreenComponents } from '../../lib/screen-route';
import { AgencyUsersScreen } from './components/agency-users-screen';
import { PipelineListScreen } from './components/pipeline-list-screen';
import { PipelineScreen } from './components/pipeline-screen';

/** The agency admin's users and pipeline (not spec §2 screens; asked for by operations). */
export const screens: ScreenComponents = {
  'agency-users': AgencyUsersScreen,
  'agency-pipeline': PipelineScreen,
  'agency-pipeline-list': PipelineListScreen,
};
