/**
 * What the input guards read from the contract: endpoints without query
 * parameters, and the body media types each endpoint declares.
 */
import { describe, expect, it } from "@effect/vitest"
import { acceptsMediaType, takesNoQuery } from "../src/EndpointShapes.js"

describe("endpoint shapes from the contract", () => {
  it("retrieves, creates and actions take no query parameters; lists do", () => {
    expect(takesNoQuery("GET", "/accounts/account_123")).toBe(true)
    expect(takesNoQuery("POST", "/accounts")).toBe(true)
    expect(takesNoQuery("POST", "/wire_transfers/wire_transfer_1/approve")).toBe(true)
    expect(takesNoQuery("GET", "/accounts")).toBe(false)
    expect(takesNoQuery("GET", "/accounts/account_123/balance")).toBe(false)
    // Paths the contract does not serve are left to the router (404).
    expect(takesNoQuery("GET", "/nowhere/1")).toBe(false)
  })

  it("body media types are the ones the contract declares", () => {
    expect(acceptsMediaType("POST", "/accounts", "application/json")).toBe(true)
    expect(acceptsMediaType("POST", "/accounts", "multipart/form-data")).toBe(false)
    expect(acceptsMediaType("POST", "/files", "multipart/form-data")).toBe(true)
    expect(acceptsMediaType("POST", "/nowhere", "multipart/form-data")).toBe(false)
  })
})
