/**
 * fast-check arbitraries for every resource, request body and event, and
 * command generators for the state machines, for property tests here and
 * downstream (`@moneta/domain/testing`). Use them with `fast-check` 4
 * (`import * as fc from "fast-check"`), e.g.
 * `it("…", () => fc.assert(fc.property(createWireTransferArbitrary, (body) => …)))`;
 * `fromSchema(schema)` derives one from any Schema.
 */
export * from "./Arbitraries.js"
export * from "./Cards.js"
export * from "./FromSchema.js"
