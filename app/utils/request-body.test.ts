import { describe, expect, test } from "vitest";
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMIT, bodyPolicy } from "./request-body";

const form = "application/x-www-form-urlencoded";
const multipart = "multipart/form-data; boundary=x";

describe("request bodies", () => {
  test("reads and empty posts have nothing to read", () => {
    expect(bodyPolicy({ method: "GET", path: "/", contentLength: "10" })).toEqual({
      action: "pass",
    });
    expect(bodyPolicy({ method: "POST", path: "/login" })).toEqual({ action: "pass" });
    expect(bodyPolicy({ method: "POST", path: "/login", contentLength: "0" })).toEqual({
      action: "pass",
    });
  });
  test("forms are read with the form limit; anything else is 415", () => {
    expect(
      bodyPolicy({ method: "POST", path: "/login", contentType: form, contentLength: "9" }),
    ).toEqual({
      action: "buffer",
      limit: FORM_BODY_LIMIT,
    });
    for (const contentType of ["application/json", "text/plain", "text/xml", undefined])
      expect(
        bodyPolicy({ method: "POST", path: "/login", contentType, contentLength: "5" }),
      ).toMatchObject({ action: "refuse", status: 415 });
  });
  test("a body over the limit is refused before it is read, chunked ones while they stream", () => {
    expect(
      bodyPolicy({
        method: "POST",
        path: "/login",
        contentType: form,
        contentLength: String(40 * 1024 * 1024),
      }),
    ).toMatchObject({ action: "refuse", status: 413 });
    expect(
      bodyPolicy({
        method: "POST",
        path: "/login",
        contentType: form,
        transferEncoding: "chunked",
      }),
    ).toEqual({ action: "buffer", limit: FORM_BODY_LIMIT });
  });
  test("only the entry form streams multipart, with the upload limit", () => {
    expect(
      bodyPolicy({
        method: "POST",
        path: "/contests/x/enter",
        contentType: multipart,
        contentLength: "99",
      }),
    ).toEqual({ action: "stream", limit: UPLOAD_BODY_LIMIT });
    expect(
      bodyPolicy({
        method: "POST",
        path: "/contests/x/enter.data",
        contentType: multipart,
        contentLength: "99",
      }),
    ).toEqual({ action: "stream", limit: UPLOAD_BODY_LIMIT });
    expect(
      bodyPolicy({ method: "POST", path: "/account", contentType: multipart, contentLength: "99" }),
    ).toEqual({ action: "buffer", limit: FORM_BODY_LIMIT });
    expect(
      bodyPolicy({
        method: "POST",
        path: "/account",
        contentType: "multipart/form-data",
        contentLength: "9",
      }),
    ).toMatchObject({ action: "refuse", status: 400 });
  });
  test("compressed bodies are refused; API routes take JSON", () => {
    expect(
      bodyPolicy({
        method: "POST",
        path: "/login",
        contentType: form,
        contentLength: "9",
        contentEncoding: "gzip",
      }),
    ).toMatchObject({ action: "refuse", status: 415 });
    expect(
      bodyPolicy({
        method: "POST",
        path: "/api/webhooks/stripe",
        contentType: "application/json",
        contentLength: "9",
      }),
    ).toMatchObject({ action: "buffer" });
  });
});
