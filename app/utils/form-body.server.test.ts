import { describe, expect, test } from "vitest";
import { readForm } from "./form-body.server";

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("http://x/a", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

async function refusal(request: Request) {
  try {
    await readForm(request);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  return null;
}

describe("readForm", () => {
  test("reads url-encoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=2", "application/x-www-form-urlencoded"))).get("b")).toBe(
      "2",
    );
    const fd = new FormData();
    fd.set("a", "x");
    expect((await readForm(new Request("http://x/a", { method: "POST", body: fd }))).get("a")).toBe(
      "x",
    );
  });
  test("an empty body without a content type is an empty form", async () => {
    expect([...(await readForm(post(null))).keys()]).toEqual([]);
  });
  test("JSON, a missing content type with a body, and broken multipart are 4xx with a message", async () => {
    expect(await refusal(post('{"a":1}', "application/json"))).toMatchObject({ status: 415 });
    expect(await refusal(post("{not json", "application/json"))).toMatchObject({ status: 415 });
    expect(await refusal(post("a=1"))).toMatchObject({
      status: 415,
      text: expect.stringContaining("form submissions only"),
    });
    expect(
      await refusal(
        post(
          '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
          "multipart/form-data; boundary=x",
        ),
      ),
    ).toMatchObject({ status: 400, text: expect.stringContaining("could not be read") });
    expect(await refusal(post("garbage", "multipart/form-data"))).toMatchObject({ status: 400 });
  });
});
