import type { PageModule, PageName } from './pages';
import * as home from '../pages/home';
import * as job from '../pages/job';
import * as notFound from '../pages/not-found';
import * as about from '../pages/about';
import * as technologies from '../pages/technologies';
import * as services from '../pages/services';
import * as service1 from '../pages/service1';
import * as service2 from '../pages/service2';
import * as service3 from '../pages/service3';
import * as more from '../pages/more';
import * as privacy from '../pages/privacy';
import * as terms from '../pages/terms';
import * as contactUs from '../pages/contact-us';
import * as career from '../pages/career';

/** Every page module, loaded up front (server renderer, tests). */
export const allPages: Record<PageName, PageModule> = {
  home,
  job,
  'not-found': notFound,
  about,
  technologies,
  services,
  service1,
  service2,
  service3,
  more,
  privacy,
  terms,
  'contact-us': contactUs,
  career,
};
