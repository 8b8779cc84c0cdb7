/**
 * A certificate's file name, naming the writer: "inkwell-certificate-mia-r.pdf". Latin letters
 * lose their accents (plain letters every system saves); letters of other scripts are kept
 * whole ("inkwell-certificate-omar-م.pdf", "inkwell-certificate-李.pdf"): the download's
 * header carries them (RFC 5987 `filename*`, with an ASCII fallback; docs/decisions/0041-class-
 * joining-at-class-size.md).
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const latin = /\p{Script=Latin}/u;

export function certificateFileName(writer: string) {
  const letters = [...segmenter.segment(writer.normalize("NFC"))]
    .map(({ segment }) =>
      latin.test(segment) ? segment.normalize("NFKD").replace(/\p{M}/gu, "") : segment,
    )
    .join("")
    .toLocaleLowerCase();
  const slug = [...segmenter.segment(letters.replace(/[^\p{L}\p{M}\p{N}]+/gu, "-"))]
    .slice(0, 60)
    .map((g) => g.segment)
    .join("")
    .replace(/^-+|-+$/g, "");
  return `inkwell-certificate${slug ? `-${slug}` : ""}.pdf`;
}
