import { common } from './common';
import { shell } from './shell';
import { profile } from './profile';
import { portal } from './portal';
import { content } from './content';
import { trading } from './trading';
import { browse } from './browse';
import { resource } from './resource';
import { admin } from './admin';
import { login } from './login';
import { account } from './account';
import { trade } from './trade';
import { tender } from './tender';
import { auction } from './auction';
import { contracts } from './contracts';

/** Every namespace of zh-TW, loaded on its own so a visit downloads one language only. */
export const bundle = {
  common,
  shell,
  profile,
  portal,
  content,
  trading,
  browse,
  resource,
  admin,
  login,
  account,
  trade,
  tender,
  auction,
  contracts,
};
