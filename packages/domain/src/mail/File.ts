/**
 * Files: documents uploaded to the service or produced by it (check images,
 * scans of inbound mail). Only the metadata is modelled here; contents are
 * bytes the store keeps next to it.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { FileId } from "../core/Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"

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

/** What each purpose a client may upload a file for means. */
export const uploadPurposeMeanings =
  "`card_dispute_attachment`: a file attached to a Card Dispute. `check_image_front`: an image of the front of a check, for a Check Deposit. `check_image_back`: an image of the back of a check, for a Check Deposit. `mailed_check_image`: an image of a check that was mailed to a recipient. `check_attachment`: a PDF (US letter pages, one orientation) printed on an additional page and mailed with a check. `check_voucher_image`: a 2550x1100 pixel PNG printed in the middle of a check's trifold area. `check_signature`: a 1320x120 pixel PNG signature printed on a check. `form_ss_4`: IRS Form SS-4. `identity_document`: an image of a government-issued ID. `loan_application_supplemental_document`: a supplemental document of a Loan Application. `other`: a purpose no other value covers. `trust_formation_document`: a legal document forming a trust. `digital_wallet_artwork`: a 1536x969 pixel PNG card image shown in digital wallet apps. `digital_wallet_app_icon`: a 100x100 pixel PNG icon of your app shown in digital wallet apps. `physical_card_front`: a 2100x1344 pixel, 600 DPI, black-only PNG printed on the front of a physical card. `physical_card_carrier`: a 2550x3300 pixel, 300 DPI, black-only PNG of a physical card's whole carrier. `document_request`: a document the bank requested. `entity_supplemental_document`: a supplemental document of an Entity. `unusual_activity_report_attachment`: an attachment to an Unusual Activity Report. `proof_of_authorization_request_submission`: more evidence for a Proof of Authorization Request Submission."

/** What each purpose of a file the service produces means. */
const producedPurposeMeanings =
  "`processed_check_image_front`, `processed_check_image_back`: the front and back of a deposited check after processing and submission to the Federal Reserve. `inbound_mail_item`: the scan of an Inbound Mail Item. `form_1099_int`: IRS Form 1099-INT. `form_1099_misc`: IRS Form 1099-MISC. `increase_statement`: a statement of the bank. `physical_card_back`: the image printed on the back of a physical card. `export`: the results of an Export. `fee_statement`: a fee statement. `deposit_account_control_agreement`: a document granting another entity access to the funds of your account. `account_verification_letter`: an account verification letter. `funding_instructions`: funding instructions. `hold_harmless_letter`: a Hold Harmless Letter."

export class File extends Schema.Class<File>("File")({
  id: described(FileId, "The File identifier."),
  created_at: described(Timestamp, "When the File was created (ISO 8601, UTC)."),
  description: described(
    Schema.NullOr(Schema.String),
    "The description given to the File (yours, for an upload); null when none."
  ),
  direction: described(
    FileDirection,
    "Who made the File. `to_increase`: you uploaded it. `from_increase`: the service produced it (a check image, the scan of an Inbound Mail Item)."
  ),
  filename: described(
    Schema.NullOr(Schema.String),
    "The filename given with the upload or chosen by the service; null when an upload named none."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  mime_type: described(
    Schema.String,
    "The MIME type of the contents (`image/png`, `application/pdf`…): the `Content-Type` they are downloaded with."
  ),
  purpose: described(
    FilePurpose,
    `What the File is for. ${uploadPurposeMeanings} ${producedPurposeMeanings} New purposes can appear over time: tolerate ones you do not know.`
  ),
  type: described(Schema.tag("file"), "Always `file`: the type of this object.")
}) {}

/** The non-file fields of the multipart `POST /files` body. */
export const CreateFile = Schema.Struct({
  purpose: described(UploadPurpose, `What the File is for. ${uploadPurposeMeanings}`),
  description: Schema.optional(ShortText).annotateKey({
    description: "The description you give the File, 1 to 200 characters."
  })
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
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  "purpose.in": Schema.optional(CommaSeparated(FilePurpose)).annotateKey({
    description: "Return only Files with one of these purposes, comma-separated."
  })
})
export type FileFilter = typeof FileFilter.Type
