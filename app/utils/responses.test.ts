import { expect, test } from "vitest";
import { attachmentDisposition } from "./responses";

test("a download keeps a non-Latin name in filename*, with an ASCII fallback (ADR 0041)", () => {
  expect(attachmentDisposition("inkwell-certificate-mia-r.pdf")).toBe(
    `attachment; filename="inkwell-certificate-mia-r.pdf"; filename*=UTF-8''inkwell-certificate-mia-r.pdf`,
  );
  const header = attachmentDisposition("inkwell-certificate-محمد-ر.pdf");
  expect(header).toBe(
    `attachment; filename="inkwell-certificate-____-_.pdf"; filename*=UTF-8''inkwell-certificate-%D9%85%D8%AD%D9%85%D8%AF-%D8%B1.pdf`,
  );
  expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe("inkwell-certificate-محمد-ر.pdf");
  expect(attachmentDisposition('a"b\r\n.pdf')).not.toMatch(/[\r\n]|a"b/);
});
