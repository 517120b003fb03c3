/**
 * The people and addresses entities are made of: a physical address, how a
 * person is identified (and what is kept of it: the method and last four
 * characters), and a natural person's details, which the individuals of joint
 * entities and trusts share.
 */
import { Effect, Schema } from "effect"
import { described } from "../core/Described.js"
import { FileId } from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import { CalendarDate } from "../core/Timestamp.js"

/** ISO 3166-1 alpha-2; an address given without one is in the United States. */
export const CountryCode = Schema.String.check(
  Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter ISO 3166-1 country code" })
)

export const defaultCountry = "US"

/** A physical address as a request gives it; mail receiving locations (PO boxes, PMBs) are not allowed. */
export const Address = Schema.Struct({
  line1: described(ShortText, "The first line of the address, usually the street number and street."),
  line2: Schema.optionalKey(described(ShortText, "The second line of the address, such as the floor or room number.")),
  city: described(ShortText, "The city, district, town or village of the address."),
  state: described(
    Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter state code" })),
    "The two-letter USPS abbreviation of the state (or province or region) of the address."
  ),
  zip: described(
    Schema.String.check(Schema.isPattern(/^\d{5}(-\d{4})?$/u, { message: "must be a 5 or 9 digit ZIP code" })),
    "The ZIP code of the address: 5 digits, or 9 with a dash after the first 5."
  ),
  country: Schema.optionalKey(
    described(CountryCode, "The ISO 3166-1 alpha-2 code of the country of the address; `US` when omitted.")
  )
})

export const AddressObject = Schema.Struct({
  line1: described(Schema.String, "The first line of the address."),
  line2: described(Schema.NullOr(Schema.String), "The second line of the address; null when there is none."),
  city: described(Schema.String, "The city, district, town or village of the address."),
  state: described(Schema.String, "The two-letter USPS abbreviation of the state of the address."),
  zip: described(Schema.String, "The ZIP or postal code of the address."),
  // Entities stored before addresses carried a country read as US ones.
  country: described(
    Schema.String.pipe(Schema.withDecodingDefaultType(Effect.succeed(defaultCountry))),
    "The ISO 3166-1 alpha-2 code of the country of the address."
  )
})

export const identificationMethodDescription =
  "How the person's identity can be verified. `social_security_number`: a Social Security Number. `individual_taxpayer_identification_number`: an Individual Taxpayer Identification Number (ITIN). `passport`: a passport number. `drivers_license`: a driver's license number. `other`: another identifying document."

export const Identification = Schema.Struct({
  method: described(
    Schema.Literals([
      "social_security_number",
      "individual_taxpayer_identification_number",
      "passport",
      "drivers_license",
      "other"
    ]),
    identificationMethodDescription
  ),
  number: described(
    Schema.String.check(Schema.isMinLength(4), Schema.isMaxLength(200)),
    "The identification number, such as a Social Security Number (nine digits, no dashes for an SSN or ITIN); only its last 4 characters are kept."
  )
})

/**
 * The last four characters of an identification number, as shown on the
 * entity. Counted in code points, so a trailing emoji is not split into a
 * lone surrogate (which Postgres cannot store).
 */
export const lastFour = (text: string): string => Array.from(text).slice(-4).join("")

/**
 * Supporting documents of an identification: files the caller uploaded
 * (`referencedFileIds`; each must be one of the caller's), referenced by id and
 * not kept on the entity.
 */
export const IdentificationDocuments = {
  drivers_license: Schema.optionalKey(described(
    Schema.Struct({
      expiration_date: described(CalendarDate, "The driver's license's expiration date, `YYYY-MM-DD`."),
      file_id: described(FileId, "The identifier of the File with the front of the driver's license."),
      state: described(ShortText, "The state that issued the driver's license."),
      back_file_id: Schema.optionalKey(
        described(FileId, "The identifier of the File with the back of the driver's license.")
      )
    }),
    "The United States driver's license used for identification; required when `method` is `drivers_license`."
  )),
  other: Schema.optionalKey(described(
    Schema.Struct({
      country: described(CountryCode, "The ISO 3166-1 alpha-2 code of the country that issued the document."),
      description: described(ShortText, "A description of the document, 1 to 200 characters."),
      file_id: described(FileId, "The identifier of the File with the front of the document."),
      back_file_id: Schema.optionalKey(
        described(FileId, "The identifier of the File with the back of the document, if it has one.")
      ),
      expiration_date: Schema.optionalKey(described(CalendarDate, "The document's expiration date, `YYYY-MM-DD`."))
    }),
    "The document used for identification; required when `method` is `other`."
  )),
  passport: Schema.optionalKey(described(
    Schema.Struct({
      country: described(CountryCode, "The ISO 3166-1 alpha-2 code of the country that issued the passport."),
      expiration_date: described(CalendarDate, "The passport's expiration date, `YYYY-MM-DD`."),
      file_id: described(FileId, "The identifier of the File with the passport.")
    }),
    "The passport used for identification; required when `method` is `passport`."
  ))
}

export const identificationDescription =
  "How the person's identity can be verified: the method and number, with the document's details for a passport, a driver's license or another document."

export const confirmedNoUsTaxIdDescription =
  "Whether you confirmed the person has no US tax id (neither a Social Security Number nor an ITIN): only then may the identification be a passport, a driver's license or another document."

export const addressDescription =
  "The person's physical address; mail receiving locations (PO boxes, PMBs) are not allowed."

export const NaturalPerson = Schema.Struct({
  name: described(ShortText, "The person's legal name, 1 to 200 characters."),
  date_of_birth: described(CalendarDate, "The person's date of birth, `YYYY-MM-DD`."),
  address: described(Address, addressDescription),
  identification: described(
    Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
    identificationDescription
  ),
  confirmed_no_us_tax_id: Schema.optionalKey(described(Schema.Boolean, confirmedNoUsTaxIdDescription))
})

export const identificationObjectFields = {
  method: described(Schema.String, identificationMethodDescription),
  number_last4: described(Schema.String, "The last 4 characters of the identification number.")
}

export const NaturalPersonObject = Schema.Struct({
  name: described(Schema.String, "The person's legal name."),
  date_of_birth: described(Schema.String, "The person's date of birth, `YYYY-MM-DD`."),
  address: described(AddressObject, "The person's address."),
  identification: described(
    Schema.Struct(identificationObjectFields),
    "How the person's identity can be verified (the number's last 4 characters only)."
  )
})

/** An Employer Identification Number: nine digits, no dashes. */
export const employerIdentificationNumber = /^\d{9}$/u
