/**
 * What identifies and explains a wire message: the input source and cycle
 * date of its IMAD, and the descriptions of the common ISO 20022 return
 * reason codes.
 */
import { DateTime } from "effect"

/** The input source of wire messages this service writes (8 characters, as Fedwire's). */
export const inputSource = "MONETASB"

/**
 * The Fedwire cycle date of a message sent at `at`: the wire day begins at
 * 9:00 PM Eastern Time on the evening before its cycle date.
 */
export const cycleDate = (at: DateTime.Utc): string => {
  const eastern = DateTime.makeZonedUnsafe(at, { timeZone: "America/New_York" })
  const day = DateTime.getPart(eastern, "hour") >= 21 ? DateTime.add(eastern, { days: 1 }) : eastern
  return DateTime.formatIsoDate(day)
}

/** IMAD: cycle date (YYYYMMDD), input source (8 characters), sequence number (6 digits). */
export const inputMessageAccountabilityData = (at: DateTime.Utc, sequenceNumber: string): string =>
  `${cycleDate(at).replaceAll("-", "")}${inputSource}${sequenceNumber.padStart(6, "0").slice(-6)}`

/** Descriptions of the common ISO 20022 return reason codes. */
export const returnReasonDescriptions: Readonly<Record<string, string>> = {
  AC01: "Incorrect account number",
  AC03: "Invalid creditor account number",
  AC04: "Closed account number",
  AC06: "Blocked account",
  AG01: "Transaction forbidden",
  AM09: "Wrong amount",
  BE04: "Missing creditor address",
  CUST: "Requested by customer",
  DUPL: "Duplicate payment",
  FRAD: "Fraudulent origin",
  FOCR: "Following cancellation request",
  MS03: "Not specified reason agent generated",
  NARR: "Narrative",
  RC01: "Bank identifier incorrect",
  RR04: "Regulatory reason",
  UPAY: "Undue payment"
}
