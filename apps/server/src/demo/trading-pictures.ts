/**
 * Small SVG product pictures and shop logos for the demo data, drawn from code so the repository
 * carries no binary images. Each is a few hundred bytes to about 2 KB.
 */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Colours and a motif per top-level variety. */
const THEMES: Record<string, { from: string; to: string; motif: string }> = {
  COAL: {
    from: '#3a3f4b',
    to: '#1c1f26',
    motif:
      '<polygon points="60,150 95,95 130,120 165,80 205,118 240,150" fill="#111" stroke="#555" stroke-width="2"/>' +
      '<polygon points="95,150 120,112 150,130 175,104 210,150" fill="#2b2b2b"/>',
  },
  UREA: {
    from: '#e8f1fb',
    to: '#bcd6f2',
    motif: Array.from({ length: 14 }, (_, i) => {
      const x = 70 + ((i * 37) % 160);
      const y = 92 + ((i * 23) % 55);
      return `<circle cx="${x}" cy="${y}" r="${7 + (i % 3) * 2}" fill="#fff" stroke="#8fb3dc"/>`;
    }).join(''),
  },
  METH: {
    from: '#e6f7f2',
    to: '#9fd9c6',
    motif:
      '<rect x="110" y="70" width="80" height="90" rx="10" fill="#2e8b6f"/>' +
      '<rect x="110" y="88" width="80" height="8" fill="#1f6650"/><rect x="110" y="134" width="80" height="8" fill="#1f6650"/>' +
      '<text x="150" y="122" font-size="18" text-anchor="middle" fill="#fff" font-family="sans-serif">CH₃OH</text>',
  },
  NH3: {
    from: '#f3f0fb',
    to: '#c9bdea',
    motif:
      '<ellipse cx="150" cy="115" rx="85" ry="38" fill="#6a5acd"/><rect x="95" y="150" width="10" height="18" fill="#483d8b"/>' +
      '<rect x="195" y="150" width="10" height="18" fill="#483d8b"/>' +
      '<text x="150" y="122" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">NH₃</text>',
  },
  NPK: {
    from: '#fdf5e6',
    to: '#f2d29b',
    motif:
      '<path d="M105 70 h90 l10 95 h-110 z" fill="#c8862a"/><rect x="118" y="98" width="64" height="34" fill="#fff8e8"/>' +
      '<text x="150" y="121" font-size="15" text-anchor="middle" fill="#8a5a12" font-family="sans-serif">N-P-K</text>',
  },
  FCHEM: {
    from: '#fdecef',
    to: '#f3b6c2',
    motif:
      '<path d="M135 68 h30 v30 l35 62 h-100 l35 -62 z" fill="#fff" stroke="#c2185b" stroke-width="3"/>' +
      '<path d="M116 140 h68 l10 20 h-88 z" fill="#e91e63" opacity="0.7"/>',
  },
};

/** A 300x200 product picture for a variety leaf: the top-level motif and the leaf's name. */
export function productPicture(topCode: string, title: string, subtitle: string): Buffer {
  const theme = THEMES[topCode] ?? THEMES.FCHEM!;
  const dark = topCode === 'COAL';
  const ink = dark ? '#f5f5f5' : '#263238';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient></defs>` +
    `<rect width="300" height="200" fill="url(#g)"/>${theme.motif}` +
    `<text x="16" y="34" font-size="20" font-weight="bold" fill="${ink}" font-family="'Noto Sans CJK SC','Microsoft YaHei',sans-serif">${escapeXml(title)}</text>` +
    `<text x="16" y="186" font-size="13" fill="${ink}" opacity="0.8" font-family="'Noto Sans CJK SC','Microsoft YaHei',sans-serif">${escapeXml(subtitle)}</text>` +
    `</svg>`;
  return Buffer.from(svg, 'utf8');
}

/** A round 120x120 shop logo with two characters of the company's name. */
export function shopLogo(mark: string, colour: string): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" role="img" aria-label="${escapeXml(mark)}">` +
    `<circle cx="60" cy="60" r="58" fill="${colour}"/><circle cx="60" cy="60" r="50" fill="none" stroke="#fff" stroke-width="2" opacity="0.6"/>` +
    `<text x="60" y="72" font-size="34" font-weight="bold" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK SC','Microsoft YaHei',sans-serif">${escapeXml(mark)}</text>` +
    `</svg>`;
  return Buffer.from(svg, 'utf8');
}
