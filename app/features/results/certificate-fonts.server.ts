/**
 * The certificate's fonts (docs/decisions/0023-privacy-and-links.md): a chain of Noto fonts from
 * npm packages, and for each run of characters the first font that has their glyphs, so no
 * letter becomes "?" — Latin, Greek and Cyrillic (Noto Sans), Arabic (Noto Naskh Arabic), Hebrew,
 * Chinese (Noto Sans Hans, GB2312) and emoji (Noto Emoji, monochrome). Files are read and parsed
 * once per process; each PDF embeds only the fonts it uses, subset to the glyphs it draws.
 *
 * Subsetting uses upstream fontkit 2, not @pdf-lib/fontkit, whose subsets of TrueType (short
 * loca) and CID-keyed CFF fonts are corrupt (fixed upstream in fontkit 1.8/1.9).
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import type * as Fontkit from "fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

// fontkit loads with the first certificate, not at every server start (ADR 0040 addendum).
let fontkitModule: Promise<typeof Fontkit> | undefined;
const loadFontkit = () => (fontkitModule ??= import("fontkit"));
/** fontkit once loaded: `certificateFonts` awaits it before pdf-lib can call `create`. */
let fontkit: typeof Fontkit;

type Weight = "regular" | "bold";

const FILES: { pkg: string; file: Record<Weight, string> }[] = [
  {
    pkg: "@embedpdf/fonts-latin",
    file: { regular: "fonts/NotoSans-Regular.ttf", bold: "fonts/NotoSans-Bold.ttf" },
  },
  {
    pkg: "@embedpdf/fonts-arabic",
    file: { regular: "fonts/NotoNaskhArabic-Regular.ttf", bold: "fonts/NotoNaskhArabic-Bold.ttf" },
  },
  {
    pkg: "@embedpdf/fonts-hebrew",
    file: { regular: "fonts/NotoSansHebrew-Regular.ttf", bold: "fonts/NotoSansHebrew-Bold.ttf" },
  },
  {
    pkg: "@embedpdf/fonts-sc",
    file: { regular: "fonts/NotoSansHans-Regular.otf", bold: "fonts/NotoSansHans-Bold.otf" },
  },
  {
    pkg: "@expo-google-fonts/noto-emoji",
    file: {
      regular: "400Regular/NotoEmoji_400Regular.ttf",
      bold: "700Bold/NotoEmoji_700Bold.ttf",
    },
  },
];

type LoadedFont = { bytes: Uint8Array; has: (codePoint: number) => boolean };

/** A package's folder: its main entry's, walked up to the folder holding its package.json. */
function packageDir(pkg: string) {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve(pkg));
  while (!dir.endsWith(path.join(...pkg.split("/")))) dir = path.dirname(dir);
  return dir;
}

const loaded = new Map<Weight, Promise<LoadedFont[]>>();

function chain(weight: Weight) {
  let fonts = loaded.get(weight);
  if (!fonts) {
    fonts = Promise.all(
      FILES.map(async ({ pkg, file }) => {
        const bytes = new Uint8Array(await fs.readFile(path.join(packageDir(pkg), file[weight])));
        const font = fontkit.create(bytes);
        return { bytes, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
      }),
    );
    fonts.catch(() => loaded.delete(weight));
    loaded.set(weight, fonts);
  }
  return fonts;
}

/**
 * fontkit 2 as pdf-lib expects it: pdf-lib reads a subset through fontkit 1's encodeStream(),
 * which fontkit 2 replaced with encode().
 */
type Subset = { encode(): Uint8Array; encodeStream?: () => Readable };
const fontkitForPdfLib = {
  // Parsed anew for each PDF (fontkit reads tables lazily, so this is cheap): a parsed font
  // reused across documents gave one of them a wrong text mapping for a glyph.
  create(bytes: Uint8Array) {
    const font = fontkit.create(bytes);
    const createSubset = font.createSubset.bind(font) as () => Subset;
    font.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => Readable.from([subset.encode()]);
      return subset;
    };
    return font;
  },
};

/** Characters that never start a run of their own: they join the run around them. */
const JOIN_RANGES: [number, number][] = [
  [0x200c, 0x200d], // zero-width (non-)joiner
  [0x0300, 0x036f], // combining accents
  [0xfe00, 0xfe0f], // variation selectors
  [0x1f3fb, 0x1f3ff], // skin tones
  [0xe0020, 0xe007f], // emoji tags
];
const JOINS = {
  test: (ch: string) => {
    const cp = ch.codePointAt(0)!;
    return /\s/.test(ch) || JOIN_RANGES.some(([a, b]) => cp >= a && cp <= b);
  },
};

export type Run = { text: string; font: PDFFont };

/**
 * The fonts of one PDF: `runs(text, weight)` splits text into runs each drawn with the first
 * font of the chain that has its characters (embedding that font, subset, on first use).
 */
export async function certificateFonts(pdf: PDFDocument) {
  fontkit = await loadFontkit();
  pdf.registerFontkit(fontkitForPdfLib as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  const fonts = { regular: await chain("regular"), bold: await chain("bold") };
  const embedded = new Map<string, PDFFont>();
  const embed = async (weight: Weight, index: number) => {
    const key = `${weight}:${index}`;
    let font = embedded.get(key);
    if (!font) {
      font = await pdf.embedFont(fonts[weight][index].bytes, { subset: true });
      embedded.set(key, font);
    }
    return font;
  };
  return {
    async runs(text: string, weight: Weight): Promise<Run[]> {
      const chainFonts = fonts[weight];
      const pieces: { text: string; index: number }[] = [];
      for (const ch of text) {
        const cp = ch.codePointAt(0)!;
        const last = pieces[pieces.length - 1];
        if (last && JOINS.test(ch) && chainFonts[last.index].has(cp)) {
          last.text += ch;
          continue;
        }
        if (JOINS.test(ch) && !chainFonts.some((f) => f.has(cp))) continue; // a selector no font draws
        let index = chainFonts.findIndex((f) => f.has(cp));
        // No font has it (a script outside the chain): Noto Sans' missing-glyph box, never "?".
        if (index < 0) index = 0;
        if (last && last.index === index) last.text += ch;
        else pieces.push({ text: ch, index });
      }
      return Promise.all(
        pieces.map(async (p) => ({ text: p.text, font: await embed(weight, p.index) })),
      );
    },
  };
}
