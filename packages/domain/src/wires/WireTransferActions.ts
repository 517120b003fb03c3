/**
 * The statuses each wire transfer command may start from; every other pair
 * is refused (409). Plain data with no imports at run time, so the dashboard
 * imports this same table to show an action only where it can succeed.
 */
import type { WireTransferStatus } from "./WireTransferObject.js"

export type WireTransferCommandTag =
  | "Approve"
  | "Cancel"
  | "Review"
  | "RequireAttention"
  | "Submit"
  | "Complete"
  | "Reverse"

export const allowedFrom: { readonly [Tag in WireTransferCommandTag]: ReadonlyArray<WireTransferStatus> } = {
  Approve: ["pending_approval"],
  Cancel: ["pending_approval"],
  Review: ["pending_approval", "pending_reviewing"],
  RequireAttention: ["pending_approval", "pending_creating"],
  Submit: ["pending_approval", "pending_creating", "requires_attention"],
  Complete: ["submitted"],
  Reverse: ["complete"]
}
