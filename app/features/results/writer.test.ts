import { describe, expect, test } from "vitest";
import { adminWriterLabel, certificateFileName, writerName } from "./writer";

describe("the writer of an entry", () => {
  const grace = {
    displayName: "Grace Hopkins",
    educator: { school: { name: "Maple Grove Primary" } },
  };
  test("is the pupil when an educator sent it for one", () => {
    expect(writerName({ entrant: grace, pupil: { firstName: "Mia", lastInitial: "R" } })).toBe(
      "Mia R.",
    );
    expect(writerName({ entrant: { displayName: "Ann Lee" }, pupil: null })).toBe("Ann Lee");
  });
  test("admins read who sent a class entry and from which school", () => {
    expect(
      adminWriterLabel({ entrant: grace, pupil: { firstName: "Mia", lastInitial: "R" } }),
    ).toBe("Mia R. (sent by Grace Hopkins, Maple Grove Primary)");
    expect(adminWriterLabel({ entrant: { ...grace, educator: null }, pupil: null })).toBe(
      "Grace Hopkins",
    );
  });
  test("certificate file names name the writer in plain letters", () => {
    expect(certificateFileName("Mia R.")).toBe("inkwell-certificate-mia-r.pdf");
    expect(certificateFileName("Zoë Wiśniewska")).toBe("inkwell-certificate-zoe-wisniewska.pdf");
    expect(certificateFileName("李")).toBe("inkwell-certificate.pdf");
  });
});
