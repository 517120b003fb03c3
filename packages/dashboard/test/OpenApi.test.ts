/** The list filters as the dashboard reads them from the contract's own OpenAPI document. */
import { describe, expect, it } from "@effect/vitest"
import { document } from "@moneta/api/OpenApiDocument"
import { filtersOf } from "../src/OpenApi.js"

const openApi: unknown = JSON.parse(JSON.stringify(document()))

const byName = (path: string) => new Map(filtersOf(openApi, path).map((filter) => [filter.name, filter]))

describe("filtersOf", () => {
  it("offers a list endpoint's query parameters, typed by their schemas", () => {
    const filters = byName("/wire_transfers")
    expect(filters.get("status.in")?.kind).toBe("many")
    expect(filters.get("status.in")?.values).toContain("canceled")
    expect(filters.get("account_id")?.kind).toBe("text")
    expect(filters.get("created_at.on_or_after")?.kind).toBe("time")
    expect(filters.get("created_at.before")?.kind).toBe("time")
    expect([...filters.keys()].slice(-2)).toEqual(["created_at.on_or_after", "created_at.before"])
    for (const notFilter of ["cursor", "limit", "created_at.after", "created_at.on_or_before"]) {
      expect(filters.has(notFilter)).toBe(false)
    }
  })

  it("lists the values of a union's members (event categories) and leaves the order out", () => {
    const filters = byName("/events")
    expect(filters.get("category.in")?.values).toContain("account.created")
    expect(filters.has("order_by.direction")).toBe(false)
  })

  it("finds a path with ids through the document's template; nothing for an unknown path", () => {
    expect(byName("/events/event_123/attempts").has("event_subscription_id")).toBe(true)
    expect(byName("/events/event_123/attempts").has("event_id")).toBe(false)
    expect(filtersOf(openApi, "/no_such_list")).toEqual([])
  })
})
