/**
 * Files: documents uploaded to the service or produced by it (check images,
 * scans of inbound mail). Only the metadata is modelled here; contents are
 * bytes the store keeps next to it.
 */
import { Schema } from "effect"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { FileId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

/** The purposes a client may upload a file for. */
export const UploadPurpose = Schema.Literals([
  "card_dispute_attachment",
  "check_image_front",
  "check_image_back",
  "mailed_check_image",
  "check_attachment",
  "check_voucher_image",
  "check_signature",
  "form_ss_4",
  "identity_document",
  "loan_application_supplemental_document",
  "other",
  "trust_formation_document",
  "digital_wallet_artwork",
  "digital_wallet_app_icon",
  "physical_card_front",
  "physical_card_carrier",
  "document_request",
  "entity_supplemental_document",
  "unusual_activity_report_attachment",
  "proof_of_authorization_request_submission"
])
export type UploadPurpose = typeof UploadPurpose.Type

/** Every purpose, including those of files the service produces. */
export const FilePurpose = Schema.Literals([
  ...UploadPurpose.literals,
  "processed_check_image_front",
  "processed_check_image_back",
  "inbound_mail_item",
  "form_1099_int",
  "form_1099_misc",
  "increase_statement",
  "physical_card_back",
  "export",
  "fee_statement",
  "deposit_account_control_agreement",
  "account_verification_letter",
  "funding_instructions",
  "hold_harmless_letter"
])
export type FilePurpose = typeof FilePurpose.Type

export const FileDirection = Schema.Literals(["to_increase", "from_increase"])
export type FileDirection = typeof FileDirection.Type

export class File extends Schema.Class<File>("File")({
  id: FileId,
  created_at: Timestamp,
  description: Schema.NullOr(Schema.String),
  direction: FileDirection,
  filename: Schema.NullOr(Schema.String),
  idempotency_key: Schema.NullOr(Schema.String),
  mime_type: Schema.String,
  purpose: FilePurpose,
  type: Schema.tag("file")
}) {}

/** The non-file fields of the multipart `POST /files` body. */
export const CreateFile = Schema.Struct({
  purpose: UploadPurpose,
  description: Schema.optional(ShortText)
}).annotate({ identifier: "CreateFile" })
export type CreateFile = typeof CreateFile.Type

export interface ProducedInput {
  readonly id: FileId
  readonly createdAt: Timestamp
  readonly purpose: FilePurpose
  readonly filename: string
  readonly mimeType: string
  readonly description: string | null
}

/** A file the service made (a check image, the scan of a mail item): `from_increase`, no idempotency key. */
export const produced = (input: ProducedInput): File =>
  new File({
    id: input.id,
    created_at: input.createdAt,
    description: input.description,
    direction: "from_increase",
    filename: input.filename,
    idempotency_key: null,
    mime_type: input.mimeType,
    purpose: input.purpose
  })

export interface UploadInput {
  readonly id: FileId
  readonly createdAt: Timestamp
  readonly body: CreateFile
  /** As the client named the file part, null when it named none. */
  readonly filename: string | null
  readonly mimeType: string
  readonly idempotencyKey: string | null
}

/** A file a client sent (`POST /files`): `to_increase`. */
export const uploaded = (input: UploadInput): File =>
  new File({
    id: input.id,
    created_at: input.createdAt,
    description: input.body.description ?? null,
    direction: "to_increase",
    filename: input.filename,
    idempotency_key: input.idempotencyKey,
    mime_type: input.mimeType,
    purpose: input.body.purpose
  })

/** Every new file, made or uploaded, emits `file.created`. */
export const createdEvent = (file: File): PendingEvent => pendingEvent("file.created", "file", file.id)

/** `GET /files` filters (beside the paging of `ListParameters`). */
export const FileFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey),
  "purpose.in": Schema.optional(CommaSeparated(FilePurpose))
})
export type FileFilter = typeof FileFilter.Type
