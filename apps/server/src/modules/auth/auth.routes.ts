import type { FastifyInstance } from 'fastify';
import { accountEndpoints as ep } from '@portal/contracts/account';
import type { PublicSettings } from '@portal/contracts/settings';
import { AppError } from '../../platform/errors';
import { clearSessionCookie, isCrossSite, registerEndpoint, setSessionCookie, type AccessDeps } from '../../platform/http';
import type { Captcha } from '../../platform/captcha';
import type { RateLimiter } from '../../platform/rate-limit';
import type { AuthService } from './auth.service';
import type { PasswordTransport } from './password-transport';

interface AuthRouteDeps {
  access: AccessDeps;
  auth: AuthService;
  transport: PasswordTransport;
  captcha: Captcha;
  limiter: RateLimiter;
  publicSettings: PublicSettings;
  codesPerIpPerMinute: number;
  cookieSecure: 'auto' | 'on' | 'off';
}

/** Sign-in (password or mobile + SMS), sign-out, picture codes, the security key, tenants and the public settings. */
export function registerAuthRoutes(app: FastifyInstance, d: AuthRouteDeps): void {
  const limitCodes = async (ip: string) => {
    const hit = await d.limiter.hit(`codes-ip:${ip}`, d.codesPerIpPerMinute, 60_000);
    if (!hit.allowed) throw new AppError('RATE_LIMITED', undefined, { 'retry-after': String(Math.ceil(hit.retryAfterMs / 1000)) });
  };
  const issueCode = async (ip: string) => {
    await limitCodes(ip);
    return d.captcha.issue();
  };

  registerEndpoint(app, d.access, ep.publicSettings, async () => d.publicSettings);
  registerEndpoint(app, d.access, ep.getCheckCode, async ({ request }) => issueCode(request.ip));
  registerEndpoint(app, d.access, ep.getCheckCodeGet, async ({ request }) => issueCode(request.ip));
  registerEndpoint(app, d.access, ep.loginHasValidateCode, async () => d.publicSettings.loginCheckCode);
  registerEndpoint(app, d.access, ep.getTenantList, async () => (d.publicSettings.tenantMode ? d.auth.tenantList() : []));

  registerEndpoint(app, d.access, ep.getVerifyCode, async ({ body, request, lang }) => d.auth.sendLoginCode(body, request.ip, lang));
  registerEndpoint(app, d.access, ep.getSecurityKey, async ({ request }) => {
    await limitCodes(request.ip);
    return d.transport.publicKey();
  });
  registerEndpoint(app, d.access, ep.thirdPartyAuthsUrl, async ({ body }) => d.auth.thirdPartyUrl(body));

  registerEndpoint(app, d.access, ep.submitLogin, async ({ body, request, reply, lang }) => {
    const { token, answer } = await d.auth.submitLogin(body, request.ip, lang);
    setSessionCookie(reply, request, token, d.cookieSecure);
    // A page of this very site has the session in the HttpOnly cookie: the answer does not hand its
    // scripts the token too. Clients that send the token header (no Sec-Fetch-Site) still get it.
    if (request.headers['sec-fetch-site'] === 'same-origin') return { ...answer, utoken: '', user_token: '', tn: '' };
    return answer;
  });

  registerEndpoint(app, d.access, ep.getCurrUser, async ({ session }) => d.auth.currentUser(session), {
    allowLocked: true,
    allowDuringPasswordChange: true,
  });

  registerEndpoint(app, d.access, ep.logout, async ({ session, request, reply }) => {
    // Logout is a GET (the specification's path): another site's link or image must not sign people out.
    if (isCrossSite(request)) throw new AppError('CROSS_SITE_REFUSED');
    await d.auth.logout(session, request.ip);
    clearSessionCookie(reply);
    return null;
  });
}
