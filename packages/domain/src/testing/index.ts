/**
 * fast-check arbitraries for every resource, request body and event, and
 * command generators for the state machines, for property tests here and
 * downstream (`@moneta/domain/testing`). Use them with `FastCheck` from
 * `effect` or `fast-check` 3.x (the line `effect` depends on), e.g.
 * `it.prop("…", [createWireTransferArbitrary], ([body]) => …)` with `@effect/vitest`.
 */
export * from "./Arbitraries.js"
export * from "./Cards.js"
