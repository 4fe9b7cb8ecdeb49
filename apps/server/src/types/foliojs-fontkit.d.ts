// The font engine pdf-lib embeds fonts with (pdf-lib's own fork subsets CJK fonts into glyphs a
// viewer cannot draw); it ships without types, and pdf-lib needs only what its own type names.
declare module '@foliojs-fork/fontkit' {
  import type { Fontkit } from 'pdf-lib/cjs/types/fontkit';

  const fontkit: Fontkit;
  export default fontkit;
}
