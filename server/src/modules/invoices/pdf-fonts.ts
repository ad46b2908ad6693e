import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A font file, read once: its bytes, and for a collection (.ttc) the face to take. Each document parses it
 * itself (pdfkit's registerFont): a parsed font shared across documents keeps glyphs that an earlier
 * document's subsetting created without their characters, and a later PDF's text then extracts wrong
 * ("Anzahlung" read back as "An;ahlung").
 */
export interface FontFile {
  data: Buffer;
  face?: string;
}

/**
 * The fonts invoice PDFs are written in. PDF's built-in fonts know only Western European characters, so a
 * Czech client or a Greek sender came out garbled; DejaVu Sans (regular and bold, shipped as a package) covers
 * Latin with every diacritic, Greek and Cyrillic, and pdfkit embeds only the glyphs a document uses. CJK needs
 * a font of several megabytes that Meridian does not ship: `PDF_CJK_FONT`, else the first of the Debian fonts
 * below that is installed, else none (CJK text then shows as empty boxes, and the server says so once at start).
 * Each file is read, and checked to be a usable font, once per process.
 */
export interface PdfFonts {
  regular: FontFile;
  bold: FontFile;
  /** A font for CJK runs (one face of a .ttc collection); null when none is available. */
  cjk: { path: string; font: FontFile } | null;
}

/** Where Debian's packages put CJK fonts, with the face to take from a collection. */
export const KNOWN_CJK_FONTS: ReadonlyArray<{ path: string; face?: string }> = [
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', face: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJKsc-Regular.otf' },
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
  { path: '/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', face: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', face: 'WenQuanYiMicroHei' },
];

const require = createRequire(import.meta.url);
const dejavuDir = () => join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// The fontkit pdfkit itself uses (package.json pins the same version, so npm installs it once), to check a
// file once at start rather than fail on a client's PDF.
interface ParsedFont {
  postscriptName: string;
  layout: (...args: never[]) => unknown;
}
const fontkit = require('fontkit') as {
  create(data: Buffer): ParsedFont | { fonts: ParsedFont[] };
};

function fontFile(path: string, face?: string): FontFile {
  const data = readFileSync(path);
  const font = fontkit.create(data);
  // A collection (.ttc): the face asked for, else its first.
  const parsed =
    'fonts' in font ? (font.fonts.find((one) => one.postscriptName === face) ?? font.fonts[0]) : font;
  if (!parsed || typeof parsed.layout !== 'function') throw new Error(`${path} holds no usable font`);
  return 'fonts' in font ? { data, face: parsed.postscriptName } : { data };
}

/** `path` or `path#Face` (a face of a .ttc collection). */
function cjkSetting(setting: string) {
  const hash = setting.lastIndexOf('#');
  return hash > 0 ? { path: setting.slice(0, hash), face: setting.slice(hash + 1) } : { path: setting };
}

const loaded = new Map<string, PdfFonts>();

/**
 * The fonts, read on first use. `cjkFont` is PDF_CJK_FONT: a file that cannot be read is an error (the
 * operator asked for it); without it, a known font that is not installed is simply skipped.
 */
export function pdfFonts(cjkFont: string | undefined): PdfFonts {
  const key = cjkFont ?? '';
  const known = loaded.get(key);
  if (known) return known;
  const dir = dejavuDir();
  let cjk: PdfFonts['cjk'] = null;
  if (cjkFont) {
    const { path, face } = cjkSetting(cjkFont);
    try {
      cjk = { path, font: fontFile(path, face) };
    } catch (error) {
      throw new Error(`PDF_CJK_FONT: cannot read a font from ${path}`, { cause: error });
    }
  } else {
    for (const { path, face } of KNOWN_CJK_FONTS.filter((font) => existsSync(font.path))) {
      try {
        cjk = { path, font: fontFile(path, face) };
        break;
      } catch {
        // A package's file that does not parse: the next known font, or none.
      }
    }
  }
  const fonts: PdfFonts = {
    regular: fontFile(join(dir, 'DejaVuSans.ttf')),
    bold: fontFile(join(dir, 'DejaVuSans-Bold.ttf')),
    cjk,
  };
  loaded.set(key, fonts);
  return fonts;
}

// Han (with its radicals and CJK punctuation), kana, Hangul and the full-width forms: text a CJK font must draw.
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]+/gu;

export const hasCjk = (text: string) => text.search(CJK) >= 0;

/** The text cut into runs, each marked CJK or not: "Dvořák 東京" → ["Dvořák ", false], ["東京", true]. */
export function scriptRuns(text: string): Array<{ text: string; cjk: boolean }> {
  const runs: Array<{ text: string; cjk: boolean }> = [];
  let at = 0;
  for (const match of text.matchAll(CJK)) {
    if (match.index > at) runs.push({ text: text.slice(at, match.index), cjk: false });
    runs.push({ text: match[0], cjk: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), cjk: false });
  return runs;
}

export type PdfStyle = 'regular' | 'bold';
type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * The fonts registered on one document, and the one way it writes text: in DejaVu Sans, switching to the CJK
 * font for each CJK run of a string (pdfkit's continued text keeps the runs on one line and wrapping).
 */
export function pdfWriter(doc: PDFKit.PDFDocument, fonts: PdfFonts) {
  doc.registerFont('Sans', fonts.regular.data);
  doc.registerFont('Sans-Bold', fonts.bold.data);
  if (fonts.cjk) doc.registerFont('CJK', fonts.cjk.font.data, fonts.cjk.font.face);
  return function write(
    value: string,
    style: PdfStyle,
    x?: number,
    y?: number,
    options: TextOptions = {},
  ): PDFKit.PDFDocument {
    const runs = fonts.cjk && hasCjk(value) ? scriptRuns(value) : [{ text: value, cjk: false }];
    runs.forEach((run, index) => {
      doc.font(run.cjk ? 'CJK' : style === 'bold' ? 'Sans-Bold' : 'Sans');
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, continued });
      else doc.text(run.text, { continued });
    });
    // The next text starts in the string's own style, whatever script it ended in.
    doc.font(style === 'bold' ? 'Sans-Bold' : 'Sans');
    return doc;
  };
}
