import { describe, expect, it } from 'vitest';
import { PORTAL_FEATURES } from '../portal/portal-features';
import { SHELL_FEATURES } from './shell-features';

describe('feature registries', () => {
  it('declare each portal path once, in the layout or framed', () => {
    const paths = PORTAL_FEATURES.flatMap((f) => [...Object.keys(f.portalPages ?? {}), ...Object.keys(f.framedPages ?? {})]);
    expect(paths).toContain('/onListing');
    expect(paths).toContain('/bidTenderManager');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('declare each menu path once, and keep shell pages out of the portal list', () => {
    const paths = SHELL_FEATURES.flatMap((f) => (f.menuPages ?? []).map((p) => p.path));
    expect(paths).toContain('/admin/users');
    expect(new Set(paths).size).toBe(paths.length);
    // The portal list is in every visit's first script; menu pages there would grow it.
    expect(PORTAL_FEATURES.flatMap((f) => f.menuPages ?? [])).toEqual([]);
  });
});
