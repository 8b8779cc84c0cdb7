/** The part of fontkit 2 (no bundled types) the certificate uses: parsing and glyph coverage. */
declare module "fontkit" {
  export interface FontkitFont {
    hasGlyphForCodePoint(codePoint: number): boolean;
    createSubset(): { encode(): Uint8Array };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
