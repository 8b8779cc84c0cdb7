import { expect, test } from "vitest";
import { certificateFileName } from "./certificate-name";

test("certificate file names name the writer in plain letters", () => {
  expect(certificateFileName("Mia R.")).toBe("inkwell-certificate-mia-r.pdf");
  expect(certificateFileName("Zoë Wiśniewska")).toBe("inkwell-certificate-zoe-wisniewska.pdf");
});

test("letters of other scripts are kept, not lost (ADR 0041)", () => {
  expect(certificateFileName("李")).toBe("inkwell-certificate-李.pdf");
  expect(certificateFileName("Omar م.")).toBe("inkwell-certificate-omar-م.pdf");
  expect(certificateFileName("محمد ر.")).toBe("inkwell-certificate-محمد-ر.pdf");
  expect(certificateFileName("अनन्या क्ष.")).toBe("inkwell-certificate-अनन्या-क्ष.pdf");
  expect(certificateFileName("!!")).toBe("inkwell-certificate.pdf");
});
