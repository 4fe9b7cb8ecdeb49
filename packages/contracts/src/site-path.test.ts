import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-path';

/** The WHATWG URL parser, global in browsers and Node; this package's types name no platform. */
declare const URL: new (input: string, base: string) => { origin: string };

/** Addresses a browser follows inside this site. */
const SITE_PATHS = [
  '/',
  '/mainIndex',
  '/index?page=2#top',
  '/cms/news/detail?id=12&from=%2Findex',
  '/shop/%E7%85%A4%E7%82%AD',
  '/a/b/../c',
  '/path;with=semicolon',
  '/@user',
  '/evil.example',
];

/** Every form a browser may read as another host or another scheme, and what is not a path at all. */
const NOT_SITE_PATHS: [string, unknown][] = [
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/login'],
  ['backslash after slash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['backslash then slash', '\\/evil.example'],
  ['backslash later in the path', '/a\\..\\..\\/evil.example'],
  ['encoded backslash', '/%5Cevil'],
  ['encoded backslash, lower case', '/%5cevil'],
  ['encoded slash', '/%2Fevil.example'],
  ['encoded slash later', '/a/%2f%2fevil.example'],
  ['double-encoded slash', '/%252Fevil.example'],
  ['tab between slashes', '/\t/evil.example'],
  ['newline between slashes', '/\n/evil.example'],
  ['carriage return between slashes', '/\r/evil.example'],
  ['newline later in the path', '/index\n'],
  ['encoded tab', '/%09/evil.example'],
  ['encoded newline', '/%0a/evil.example'],
  ['NUL', '/\u0000/evil.example'],
  ['DEL', '/\u007f/evil.example'],
  ['leading space', ' //evil.example'],
  ['leading space before a path', ' /index'],
  ['leading tab', '\t/index'],
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)'],
  ['javascript: after a slash and tab', '/\tjavascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['absolute http', 'http://evil.example/'],
  ['absolute https', 'https://evil.example/'],
  ['scheme without slashes', 'https:evil.example'],
  ['scheme-relative backslashes', 'http:\\\\evil.example'],
  ['relative path', 'mainIndex'],
  ['dot path', './mainIndex'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(2000)}`],
  ['not a string', 42],
  ['null', null],
  ['undefined', undefined],
];

describe('isSitePath', () => {
  it.each(SITE_PATHS)('takes %s', (value) => {
    expect(isSitePath(value)).toBe(true);
  });

  it.each(NOT_SITE_PATHS)('refuses %s', (_what, value) => {
    expect(isSitePath(value)).toBe(false);
  });

  it('agrees with the URL parser: whatever it takes stays on the origin', () => {
    for (const value of SITE_PATHS) expect(new URL(value, 'https://portal.example').origin).toBe('https://portal.example');
  });
});
