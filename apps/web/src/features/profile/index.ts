/** The signed-in person's own data: its shell pages and its dialogs, each loaded when first shown. */
export { profileManifest } from './manifest';
export const loadPersonalInfoDialog = () => import('./personal-info-dialog').then((m) => ({ default: m.PersonalInfoDialog }));
export const loadChangePasswordDialog = () => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog }));
export const loadForcedPasswordDialog = () => import('./forced-password-dialog').then((m) => ({ default: m.ForcedPasswordDialog }));
