/**
 * The wire codes the browser reacts to, apart from the catalogue
 * in errors.ts so that the API client does not download every message in three languages.
 * session-codes.test.ts checks that each is a catalogue code.
 */

/** Session codes that end the session on the client. */
export const SESSION_INVALID_CODES = ['-101', '9006', '-100', '9007', '-103', '9005', '9004'] as const;
/**
 * A session on a default password asked for something other than the change: the forced dialog
 * already says what to do, so the refusals behind it show nothing.
 */
export const PASSWORD_CHANGE_CODE = '111303';
/** Codes that never show a message. */
export const SILENT_CODES = ['173302', '173303', PASSWORD_CHANGE_CODE] as const;
/** The screen is locked: the client shows the unlock prompt. */
export const LOCKED_CODE = '-5';

/**
 * A cookie the scripts may read, set beside the HttpOnly session cookie and cleared with it: "1"
 * while this browser holds a session. A page asks who is signed in only when it is there, so a
 * visitor's pages make no call that is refused for want of a session. It says nothing a script
 * could use: the session is the HttpOnly cookie's token. Every answer to a browser puts it right
 * when it disagrees with the session the request carried (decision 179).
 */
export const SESSION_HINT_COOKIE = 'portal_signed_in';
