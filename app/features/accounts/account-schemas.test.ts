import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { profileFields, SCHOOL_GRADES } from "./account-schemas";

const post = (grade: string | null) => {
  const fd = new FormData();
  fd.set("intent", "profile");
  fd.set("displayName", "Ada");
  if (grade !== null) fd.set("grade", grade);
  return parseWithZod(fd, { schema: profileFields });
};

describe("the profile's school grade", () => {
  it("offers Kindergarten then Grade 1 to 12", () => {
    expect(SCHOOL_GRADES[0]).toBe("Kindergarten");
    expect(SCHOOL_GRADES[12]).toBe("Grade 12");
    expect(SCHOOL_GRADES).toHaveLength(13);
  });
  it("reads 0 as kindergarten, a number as the grade, empty as not given", () => {
    const k = post("0");
    expect(k.status === "success" && k.value.grade).toBe(0);
    const g = post("7");
    expect(g.status === "success" && g.value.grade).toBe(7);
    const none = post("");
    expect(none.status === "success" && none.value.grade).toBeNull();
  });
  it("refuses anything else", () => {
    for (const bad of ["13", "-1", "K", "1.5"]) {
      const r = post(bad);
      expect(r.status).toBe("error");
      if (r.status !== "success")
        expect(r.error?.grade).toEqual(["Please choose a grade from the list"]);
    }
  });
});
