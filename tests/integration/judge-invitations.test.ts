import { removeJudge } from "~/features/assignment/leaving.server";
import { describe, expect, test } from "vitest";
import {
  acceptJudgeInvitation,
  addJudge,
  findSetPasswordToken,
  InvitationRefused,
  listJudges,
  resendInvitation,
  setPasswordWithToken,
} from "~/features/judging/judges.server";
import { prisma } from "~/utils/db.server";
import { linkToken } from "./inbox";
import { SET_PASSWORD_LINK_INVALID } from "~/features/judging/invitation";
import * as route from "~/routes/_auth+/judge-invitation.$token";
import { startSession } from "~/features/accounts/session.server";

/** docs/decisions/0025-accounts-and-tokens.md */
let n = 0;
const email = (p: string) => `${p}-${n++}-${Date.now()}@example.test`;
const roles = async (id: string) =>
  (await prisma.userRole.findMany({ where: { userId: id } })).map((r) => r.role);

describe("judge invitations of existing accounts", () => {
  test("a pre-claimed address gets no role until its owner accepts, signed in to it", async () => {
    const address = email("preclaimed");
    // Someone signed up with the address first (with a password).
    const squatter = await prisma.user.create({
      data: { email: address, displayName: "Squatter", password: { create: { hash: "x" } } },
    });
    const other = await prisma.user.create({
      data: { email: email("other"), displayName: "Other" },
    });
    expect(await addJudge({ email: address, name: "Real Judge" })).toEqual({
      created: false,
      invited: true,
      emailed: true,
    });
    expect(await roles(squatter.id)).toEqual([]);
    const { judges } = await listJudges(1);
    expect(judges.find((j) => j.id === squatter.id)?.status).toBe("awaiting acceptance");

    const token = linkToken(address, "judge-invitation");
    expect(token).not.toBe("");
    // Another account holding the link cannot accept it.
    await expect(acceptJudgeInvitation(token, other.id)).rejects.toBeInstanceOf(InvitationRefused);
    expect(await roles(other.id)).toEqual([]);
    await acceptJudgeInvitation(token, squatter.id);
    expect(await roles(squatter.id)).toEqual(["judge"]);
    // Once.
    await expect(acceptJudgeInvitation(token, squatter.id)).rejects.toBeInstanceOf(
      InvitationRefused,
    );
    const after = await listJudges(1);
    expect(after.judges.find((j) => j.id === squatter.id)?.status).toBe("active");
  });

  test("resend sends a new acceptance link; removal withdraws the invitation", async () => {
    const address = email("pending");
    const u = await prisma.user.create({
      data: { email: address, displayName: "Pending", password: { create: { hash: "x" } } },
    });
    await addJudge({ email: address, name: "Pending" });
    const first = linkToken(address, "judge-invitation");
    expect(await resendInvitation(u.id)).toEqual({ email: address, emailed: true });
    const second = linkToken(address, "judge-invitation");
    expect(second).not.toBe(first);
    await expect(acceptJudgeInvitation(first, u.id)).rejects.toBeInstanceOf(InvitationRefused);
    expect(await removeJudge(u.id)).toBe(true);
    await expect(acceptJudgeInvitation(second, u.id)).rejects.toBeInstanceOf(InvitationRefused);
    expect(await roles(u.id)).toEqual([]);
    expect((await listJudges(1)).judges.some((j) => j.id === u.id)).toBe(false);
  });
});

describe("the acceptance page", () => {
  test("asks a visitor to sign in; the invited account, signed in, accepts with one press", async () => {
    const address = email("page");
    const u = await prisma.user.create({
      data: { email: address, displayName: "Page", password: { create: { hash: "x" } } },
    });
    await addJudge({ email: address, name: "Page" });
    const token = linkToken(address, "judge-invitation");
    const url = `http://localhost/judge-invitation/${token}`;
    const visitor = (await route.loader({
      request: new Request(url),
      params: { token },
      context: {},
    })) as unknown as { data: { email: string; signedIn: string } };
    expect(visitor.data).toEqual({ email: address, signedIn: "no" });

    const cookie = (await startSession(new Request(url), u.id)).split(";")[0];
    const res = (await route.action({
      request: new Request(url, { method: "POST", headers: { Cookie: cookie } }),
      params: { token },
      context: {},
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/judge");
    expect(await roles(u.id)).toEqual(["judge"]);
  });
});

describe("removing a judge", () => {
  test("ends the open set-password link", async () => {
    const address = email("removed");
    await addJudge({ email: address, name: "Removed Judge" });
    const token = linkToken(address, "set-password");
    const u = await prisma.user.findUniqueOrThrow({ where: { email: address } });
    expect(await findSetPasswordToken(token)).toMatchObject({ email: address });
    expect(await removeJudge(u.id)).toBe(true);
    expect(await findSetPasswordToken(token)).toBeNull();
    await expect(setPasswordWithToken(token, "a-new-password")).rejects.toThrow(
      SET_PASSWORD_LINK_INVALID,
    );
    expect(await prisma.password.count({ where: { userId: u.id } })).toBe(0);
  });
});
