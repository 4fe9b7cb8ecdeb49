import type { ModifyMobileBody, ModifyMobileSendBody } from '@portal/contracts/account';
import type { Lang } from '@portal/contracts/i18n';
import { dialogPasswordSchema } from '@portal/contracts/validation';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/passwords';
import type { Captcha } from '../../platform/captcha';
import type { SessionRecord } from '../../platform/sessions';
import type { PasswordTransport, UsersRepo } from '../auth';
import type { SmsService } from '../sms';
import type { MobileChangeRepo } from './mobile-change.repo';

interface MobileChangeDeps {
  users: UsersRepo;
  repo: MobileChangeRepo;
  captcha: Captcha;
  sms: SmsService;
  transport: PasswordTransport;
  now: () => Date;
}

/** The signed-in user's own mobile change: the code goes to the new number, then the password decides. */
export function createMobileChangeService(deps: MobileChangeDeps) {
  const { users } = deps;

  async function currentUser(session: SessionRecord) {
    const user = await users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  return {
    async sendCode(session: SessionRecord, body: ModifyMobileSendBody, ip: string, lang: Lang): Promise<null> {
      await deps.sms.limitAddress(ip);
      if (!(await deps.captcha.check(body.chkcode_req_id, body.chkcode))) throw new AppError('WRONG_PICTURE_CODE');
      const user = await currentUser(session);
      if (user.mobile === body.mobile) throw new AppError('MOBILE_UNCHANGED');
      if (await users.findByMobile(body.mobile)) throw new AppError('MOBILE_TAKEN');
      await deps.sms.send({ purpose: 'change-mobile', mobile: body.mobile, ip, lang, owner: String(user.id) });
      return null;
    },

    /**
     * The SMS code is checked (and used up) before the password, so every password guess costs a
     * fresh, rate-limited SMS. A wrong password answers 111052: the dialog starts again.
     */
    async change(session: SessionRecord, body: ModifyMobileBody, lang: Lang): Promise<null> {
      const password = await deps.transport.reveal('password', body.password, { rule: dialogPasswordSchema, lang });
      const user = await currentUser(session);
      await deps.sms.verify({ purpose: 'change-mobile', mobile: body.mobile, code: body.sms_code, owner: String(user.id) });
      if (!(await verifyPassword(password, user.password_hash))) throw new AppError('CHANGE_MOBILE_FAILED');
      const other = await users.findByMobile(body.mobile);
      if (other && other.id !== user.id) throw new AppError('MOBILE_TAKEN');
      if (!(await deps.repo.setMobile(user.id, body.mobile, deps.now().toISOString()))) throw new AppError('MOBILE_TAKEN');
      return null;
    },
  };
}
export type MobileChangeService = ReturnType<typeof createMobileChangeService>;
