/**
 * The images the sandbox makes for simulated mail that comes without
 * contents: the front and back of each check and a scan of the whole item,
 * as small SVG documents drawn from the check's data, so the same check
 * always yields the same bytes and a user opening the file sees what was
 * mailed.
 */

export const mimeType = "image/svg+xml"

export interface MailedCheck {
  /** Cents. */
  readonly amount: number
  /** Who the check is made out to, as written on it (null: left blank). */
  readonly payee: string | null
  /** The address line the envelope was mailed to. */
  readonly mailedTo: string
}

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** `$1,234.56` for 123456 cents. */
export const formatDollars = (cents: number): string => {
  const dollars = Math.trunc(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `$${dollars}.${(cents % 100).toString().padStart(2, "0")}`
}

const svg = (width: number, height: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
  `<rect width="${width}" height="${height}" fill="#f4f1e8" stroke="#333" stroke-width="2"/>${body}</svg>\n`

const text = (x: number, y: number, size: number, content: string): string =>
  `<text x="${x}" y="${y}" font-family="monospace" font-size="${size}" fill="#222">${escapeXml(content)}</text>`

export const front = (check: MailedCheck): string =>
  svg(
    600,
    260,
    text(24, 40, 16, "SANDBOX PAYER BANK") +
      text(24, 110, 14, `PAY TO THE ORDER OF ${check.payee ?? "________________"}`) +
      text(430, 110, 18, formatDollars(check.amount)) +
      text(24, 170, 12, "Sandbox check: not negotiable") +
      text(24, 236, 16, "\u2446101050001\u2446 987654321\u2448")
  )

export const back = (): string =>
  svg(600, 260, text(24, 40, 12, "ENDORSE HERE") + text(24, 200, 12, "For deposit only"))

export const mailScan = (check: MailedCheck): string =>
  svg(
    640,
    420,
    text(24, 40, 14, "Scanned mail item") +
      text(24, 70, 12, `To: ${check.mailedTo}`) +
      text(24, 100, 12, `Contents: one check for ${formatDollars(check.amount)}`) +
      `<g transform="translate(20 130)">${front(check)}</g>`
  )

/** The scan of an envelope that holds no check (the sandbox's `no_check` mail). */
export const emptyMailScan = (mailedTo: string): string =>
  svg(
    640,
    160,
    text(24, 40, 14, "Scanned mail item") +
      text(24, 70, 12, `To: ${mailedTo}`) +
      text(24, 100, 12, "Contents: no check")
  )
