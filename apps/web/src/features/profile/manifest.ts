import type { FeatureManifest } from '../../shared/feature-manifest';

/** The signed-in person's own details and password. */
export const profileManifest: FeatureManifest = {
  menuPages: [
    { path: '/profile/info', load: () => import('./personal-info-page').then((m) => m.PersonalInfoPage) },
    { path: '/profile/password', load: () => import('./change-password-page').then((m) => m.ChangePasswordPage) },
  ],
};
