/**
 * Input Postgres cannot store: the NUL character is refused in text and jsonb
 * alike, so a string carrying one anywhere (path, query or body) would fail
 * deep in the store. It is refused here, before decoding, as a 400 naming the
 * field.
 */
import { HttpServerRequest } from "@effect/platform"
import { InvalidParametersError } from "@moneta/domain/Errors"
import { Effect, Either, Option } from "effect"

const nul = "\u0000"
const message = "must not contain the NUL character (\\u0000)"

/** The dotted path of the first string containing NUL in a JSON value. */
const pathOfNul = (value: unknown, path: ReadonlyArray<string>): Option.Option<ReadonlyArray<string>> => {
  if (typeof value === "string") return value.includes(nul) ? Option.some(path) : Option.none()
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, [...path, String(index)])
      if (Option.isSome(found)) return found
    }
    return Option.none()
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(nul)) return Option.some([...path, key])
      const found = pathOfNul(item, [...path, key])
      if (Option.isSome(found)) return found
    }
  }
  return Option.none()
}

const fieldOf = (path: ReadonlyArray<string>) => path.length === 0 ? "body" : path.join(".")

const decodedOrRaw = (text: string) => Either.getOrElse(Either.try(() => decodeURIComponent(text)), () => text)

const checkUrl = (url: string): Option.Option<string> => {
  const [path = "", query = ""] = url.split("?", 2)
  if (decodedOrRaw(path).includes(nul)) return Option.some("path")
  for (const pair of query.split("&")) {
    const [name = "", value = ""] = pair.split("=", 2)
    const decodedName = decodedOrRaw(name.replace(/\+/g, " "))
    if (decodedName.includes(nul) || decodedOrRaw(value.replace(/\+/g, " ")).includes(nul)) return Option.some(decodedName)
  }
  return Option.none()
}

const checkBody = (text: string): Option.Option<string> => {
  // Cheap test first: NUL appears in JSON text either raw or as the escape \u0000.
  if (!text.includes(nul) && !text.includes("\\u0000")) return Option.none()
  const parse = (): unknown => JSON.parse(text)
  return Either.match(Either.try(parse), {
    onLeft: () => Option.none(), // not JSON: the decoder reports it as malformed
    onRight: (json) => Option.map(pathOfNul(json, []), fieldOf)
  })
}

/** Fails with 400 when the URL or the body carries a NUL character. */
export const refuseNulCharacters = Effect.gen(function*() {
  const request = yield* HttpServerRequest.HttpServerRequest
  const inUrl = checkUrl(request.url)
  if (Option.isSome(inUrl)) return yield* Effect.fail(InvalidParametersError.single(inUrl.value, message))
  if (request.method === "GET" || request.method === "HEAD") return
  // A multipart body (file uploads) is binary and read once, by its handler, which checks its fields itself.
  if ((request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data")) return
  const text = yield* Effect.orElseSucceed(request.text, () => "")
  const inBody = checkBody(text)
  if (Option.isSome(inBody)) return yield* Effect.fail(InvalidParametersError.single(inBody.value, message))
})

/** Fails with 400 naming `field` when `value` carries NUL: for bodies the guard leaves to their handler. */
export const refuseNulIn = (field: string, value: string) =>
  value.includes(nul) ? Effect.fail(InvalidParametersError.single(field, message)) : Effect.void
