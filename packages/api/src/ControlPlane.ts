/**
 * The control API, a Moneta extension (docs/workbench.md): groups and API
 * keys, for an operator holding the admin key (`AdminAuthorization`). Lists
 * are not paged (a handful of groups and keys): `next_cursor` is always null.
 */
import { ApiKey, CreateApiKey, CreatedApiKey, CreateGroup, Group } from "@moneta/domain/ControlPlane"
import { ApiKeyId, GroupId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { AdminAuthorization } from "./AdminAuthorization.js"
import { ObjectNotFoundError } from "./ApiError.js"
import * as Examples from "./Examples.js"
import { Page } from "./Parameters.js"

const keyPath = Schema.Struct({ api_key_id: ApiKeyId })

const KeyFilter = Schema.Struct({
  group_id: Schema.optionalKey(GroupId.annotate({ description: "Only the keys of this Group." }))
})

const group = {
  id: "group_k3x9dz0q7mmsv1w5rn2c",
  name: "Acme sandbox",
  created_at: "2026-11-21T22:41:05.123Z",
  type: "group"
} satisfies typeof Group.Encoded

const key = {
  id: "api_key_p8w2m4x6zq0rt5ys1vkd",
  group_id: group.id,
  environment: "sandbox",
  name: "CI",
  prefix: "moneta_sandbox_Q2hy",
  status: "active",
  created_at: "2026-11-21T22:41:06.456Z",
  revoked_at: null,
  type: "api_key"
} satisfies typeof ApiKey.Encoded

export class ControlPlane extends HttpApiGroup.make("controlPlane")
  .annotateMerge(OpenApi.annotations({
    title: "Moneta: Control",
    description:
      "A Moneta extension, not part of Increase's API: an operator creates groups (customers) and their API keys, lists and revokes keys, authenticated with the admin key the server was started with (`MONETA_ADMIN_KEY`; API keys are refused). Reset, snapshots and webhook faults act on one group's sandbox instead, and take a sandbox API key of that group."
  }))
  .add(
    HttpApiEndpoint.post("createGroup", "/moneta/groups", { payload: CreateGroup, success: Group })
      .annotate(OpenApi.Summary, "Create a Group")
      .annotate(
        OpenApi.Description,
        "Creates a group: a customer whose API keys see its own objects only. It starts empty; create a key for it next."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { request: { name: group.name }, response: group }))
  )
  .add(
    HttpApiEndpoint.get("listGroups", "/moneta/groups", { success: Page(Group) })
      .annotate(OpenApi.Summary, "List Groups")
      .annotate(OpenApi.Description, "Lists every group, oldest first (the first is the one the first run created).")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [group], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.post("createKey", "/moneta/api_keys", {
      payload: CreateApiKey,
      success: CreatedApiKey,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create an API Key")
      .annotate(
        OpenApi.Description,
        "Creates an API key of a group for the sandbox or live environment. The response is the only time its `secret` is shown."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { group_id: group.id, environment: "sandbox", name: "CI" },
          response: { ...key, secret: "moneta_sandbox_Q2hyaXN0b3BoZXIgQ29sdW1idXMgMTQ5Mg" }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("listKeys", "/moneta/api_keys", {
      query: KeyFilter,
      success: Page(ApiKey),
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "List API Keys")
      .annotate(
        OpenApi.Description,
        "Lists API keys, revoked ones too, oldest first; each shows the start of its secret (`prefix`), never the secret."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [key], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.post("revokeKey", "/moneta/api_keys/:api_key_id/revoke", {
      params: keyPath,
      success: ApiKey,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Revoke an API Key")
      .annotate(
        OpenApi.Description,
        "Revokes an API key for good: from now on every server on the database refuses it with 401 `invalid_api_key_error`. Revoking a revoked key changes nothing."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: { ...key, status: "revoked", revoked_at: "2026-11-22T09:15:00.000Z" }
        })
      )
  )
  .middleware(AdminAuthorization)
{}
