import { expect, test } from "vitest";
import { certificateFileName } from "./certificate-name";

test("certificate file names name the writer in plain letters", () => {
  expect(certificateFileName("Mia R.")).toBe("inkwell-certificate-mia-r.pdf");
  expect(certificateFileName("Zoë Wiśniewska")).toBe("inkwell-certificate-zoe-wisniewska.pdf");
  expect(certificateFileName("李")).toBe("inkwell-certificate.pdf");
});
