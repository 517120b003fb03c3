/**
 * Who holds a card, as the sandbox's merchants and 3DS servers name them
 * (docs/decisions.md, "Card detail and token rules"): a person of the card's
 * entity, and the organization the card belongs to when the entity is one.
 * A card without an entity is held by the sandbox's own cardholder.
 */
import type { Entity } from "../accounts/Entity.js"

export interface Cardholder {
  readonly first: string
  readonly middle: string | null
  readonly last: string
  /** The corporation, trust or government authority the card belongs to; null for a person's card. */
  readonly organization: string | null
}

/** The cardholder of a card without an entity (the simulations cannot name one). */
export const sandboxCardholder = { first: "Sandbox", middle: "Q", last: "Cardholder", organization: null } as const
export const sandboxCardholderName = `${sandboxCardholder.first} ${sandboxCardholder.last}`

/** A legal name as first, middle and last names: the first word, the last, and those between (null if none). */
export const namesOf = (name: string): Omit<Cardholder, "organization"> => {
  const words = name.trim().split(/\s+/).filter((word) => word !== "")
  const first = words[0] ?? sandboxCardholder.first
  const middle = words.slice(1, -1).join(" ")
  return { first, middle: middle === "" ? null : middle, last: words.length > 1 ? words.at(-1) ?? first : first }
}

const personOf = (name: string | undefined, organization: string | null): Cardholder =>
  name === undefined ? { ...sandboxCardholder, organization } : { ...namesOf(name), organization }

/**
 * The holder of a card of `entity`: the natural person; a joint entity's
 * first individual; a corporation's first beneficial owner (its control person
 * comes first); a trust's first individual trustee, else its grantor; a
 * government authority's first authorized person. An organization without
 * such a person is held by the sandbox's cardholder on its behalf.
 */
export const cardholderOf = (entity: Entity | null): Cardholder => {
  if (entity === null) return sandboxCardholder
  switch (entity.structure) {
    case "natural_person":
      return personOf(entity.natural_person?.name, null)
    case "joint":
      return personOf(entity.joint?.individuals[0]?.name, null)
    case "corporation":
      return personOf(entity.corporation?.beneficial_owners[0]?.individual.name, entity.corporation?.name ?? null)
    case "trust": {
      const trustee = entity.trust?.trustees.find((candidate) => candidate.individual !== null)?.individual
      return personOf(trustee?.name ?? entity.trust?.grantor?.name, entity.trust?.name ?? null)
    }
    case "government_authority":
      return personOf(
        entity.government_authority?.authorized_persons[0]?.name,
        entity.government_authority?.name ?? null
      )
  }
}

/** The name as a wallet or a 3DS server shows it: first and last (`Sandbox Cardholder` for the sandbox's). */
export const nameOf = (cardholder: Cardholder): string => `${cardholder.first} ${cardholder.last}`

/** The name as a merchant's form takes it: first, middle and last. */
export const fullNameOf = (cardholder: Cardholder): string =>
  [cardholder.first, cardholder.middle, cardholder.last].filter((part) => part !== null).join(" ")
