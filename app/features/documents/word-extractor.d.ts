/** Types for word-extractor (it ships none): the part the reading text uses. */
declare module "word-extractor" {
  type Options = { filterUnicode?: boolean };
  class Document {
    getBody(options?: Options): string;
    getFootnotes(options?: Options): string;
    getEndnotes(options?: Options): string;
    getHeaders(options?: Options & { includeFooters?: boolean }): string;
    getFooters(options?: Options): string;
    getAnnotations(options?: Options): string;
    getTextboxes(
      options?: Options & { includeHeadersAndFooters?: boolean; includeBody?: boolean },
    ): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<Document>;
  }
}
