import { describe, expect, it } from "@effect/vitest"
import { document } from "@moneta/api/OpenApiDocument"

describe("the OpenAPI document of mail, lockboxes, check deposits and files", () => {
  const spec = document()
  const operation = (path: string, method: "get" | "post" | "patch") => {
    const found = spec.paths[path]?.[method]
    if (found === undefined) throw new Error(`${method.toUpperCase()} ${path} is not documented`)
    return found
  }

  it("documents every endpoint with a summary, a description and its Increase-style tag", () => {
    const endpoints: ReadonlyArray<readonly [string, "get" | "post" | "patch", string]> = [
      ["/lockbox_recipients", "post", "Lockbox Recipients"],
      ["/lockbox_recipients", "get", "Lockbox Recipients"],
      ["/lockbox_recipients/{lockbox_recipient_id}", "get", "Lockbox Recipients"],
      ["/lockbox_recipients/{lockbox_recipient_id}", "patch", "Lockbox Recipients"],
      ["/inbound_mail_items", "get", "Inbound Mail Items"],
      ["/inbound_mail_items/{inbound_mail_item_id}", "get", "Inbound Mail Items"],
      ["/inbound_mail_items/{inbound_mail_item_id}/action", "post", "Inbound Mail Items"],
      ["/simulations/inbound_mail_items", "post", "Sandbox: Inbound Mail Items"],
      ["/check_deposits", "get", "Check Deposits"],
      ["/check_deposits/{check_deposit_id}", "get", "Check Deposits"],
      ["/files", "post", "Files"],
      ["/files", "get", "Files"],
      ["/files/{file_id}", "get", "Files"],
      ["/files/{file_id}/contents", "get", "Files"]
    ]
    for (const [path, method, tag] of endpoints) {
      const documented = operation(path, method)
      expect({ path, method, tags: documented.tags }).toEqual({ path, method, tags: [tag] })
      expect(documented.summary?.length ?? 0).toBeGreaterThan(0)
      expect(documented.description?.length ?? 0).toBeGreaterThan(0)
    }
  })

  it("declares the upload as multipart/form-data and the contents as bytes", () => {
    expect(Object.keys(operation("/files", "post").requestBody?.content ?? {})).toEqual(["multipart/form-data"])
    expect(Object.keys(operation("/files/{file_id}/contents", "get").responses["200"]?.content ?? {})).toEqual([
      "application/octet-stream"
    ])
    expect(
      Object.keys(operation("/inbound_mail_items/{inbound_mail_item_id}/action", "post").requestBody?.content ?? {})
    )
      .toEqual(["application/json"])
  })
})
