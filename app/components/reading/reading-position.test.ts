import { describe, expect, it } from "vitest";
import {
  forgetOtherReaders,
  paragraphAt,
  positionKey,
  readPosition,
  writePosition,
} from "./reading-position";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  keys() {
    return [...this.items.keys()];
  }
}

/** Object.keys() on a real Storage lists its items: the same here. */
function storage() {
  const s = new MemoryStorage();
  return new Proxy(s, {
    ownKeys: () => s.keys(),
    getOwnPropertyDescriptor: (_t, key) =>
      typeof key === "string" && s.getItem(key) !== null
        ? { enumerable: true, configurable: true, value: s.getItem(key) }
        : undefined,
  }) as Storage;
}

describe("reading position", () => {
  it("keeps one paragraph per account and entry, never the text", () => {
    const s = storage();
    writePosition(s, "ownerA", "sub1", 7);
    expect(readPosition(s, "ownerA", "sub1")).toBe(7);
    expect(readPosition(s, "ownerB", "sub1")).toBeNull();
    expect(readPosition(s, "ownerA", "sub2")).toBeNull();
    expect(JSON.parse(s.getItem(positionKey("ownerA", "sub1"))!)).toEqual({
      p: 7,
      at: expect.any(Number),
    });
  });

  it("forgets the place at the start, and ignores what it did not write", () => {
    const s = storage();
    writePosition(s, "o", "e", 3);
    writePosition(s, "o", "e", 0);
    expect(s.getItem(positionKey("o", "e"))).toBeNull();
    s.setItem(positionKey("o", "e"), "not json");
    expect(readPosition(s, "o", "e")).toBeNull();
    s.setItem(positionKey("o", "e"), JSON.stringify({ p: "4" }));
    expect(readPosition(s, "o", "e")).toBeNull();
    s.setItem(positionKey("o", "e"), JSON.stringify({ p: -2 }));
    expect(readPosition(s, "o", "e")).toBeNull();
  });

  it("forgets every other account's places, and all of them when nobody is signed in", () => {
    const s = storage();
    writePosition(s, "ownerA", "sub1", 2);
    writePosition(s, "ownerB", "sub1", 5);
    writePosition(s, "ownerAB", "sub1", 6);
    s.setItem("inkwell:entry-draft:ownerB:slug", "{}");
    forgetOtherReaders(s, "ownerA");
    expect(readPosition(s, "ownerA", "sub1")).toBe(2);
    expect(readPosition(s, "ownerB", "sub1")).toBeNull();
    expect(readPosition(s, "ownerAB", "sub1")).toBeNull();
    // Only reading places: the drafts have their own housekeeping.
    expect(s.getItem("inkwell:entry-draft:ownerB:slug")).toBe("{}");
    forgetOtherReaders(s, null);
    expect(readPosition(s, "ownerA", "sub1")).toBeNull();
  });
});

describe("paragraphAt", () => {
  it("is the first paragraph still showing below the top", () => {
    expect(paragraphAt([], 0)).toBe(-1);
    expect(paragraphAt([100, 200, 300], 0)).toBe(0);
    expect(paragraphAt([100, 200, 300], 100)).toBe(1);
    expect(paragraphAt([100, 200, 300], 250)).toBe(2);
    expect(paragraphAt([100, 200, 300], 900)).toBe(2);
  });
});
