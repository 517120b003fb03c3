/**
 * The contract as this server serves it: `MonetaApi` with its own parse
 * options, plus the value refused reported in each decoding issue, so that a
 * 400 names it ("Expected \"ascending\" | \"descending\", actual \"sideways\"",
 * ErrorMapping). The handlers and the routes are built from this one value.
 */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Context, type SchemaAST } from "effect"
import { HttpApi } from "effect/http-api"

/** The contract's options for one part of a request (the part's own, else the API's), reporting input. */
const reportingInput = (slot: Context.Key<unknown, SchemaAST.ParseOptions>): SchemaAST.ParseOptions => ({
  ...(Context.getOrUndefined(MonetaApi.annotations, slot) ??
    Context.getOrUndefined(MonetaApi.annotations, HttpApi.ParseOptions)),
  reportInput: true
})

export const ServedApi = MonetaApi
  .annotate(HttpApi.ParamsParseOptions, reportingInput(HttpApi.ParamsParseOptions))
  .annotate(HttpApi.QueryParseOptions, reportingInput(HttpApi.QueryParseOptions))
  .annotate(HttpApi.PayloadParseOptions, reportingInput(HttpApi.PayloadParseOptions))
