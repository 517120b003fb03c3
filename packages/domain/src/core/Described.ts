/**
 * A field's description in the API reference, set where the field is declared.
 * It is an annotation only: decoding, encoding and error messages stay as they are.
 *
 * The description is a key annotation, which Effect 4 reads on the wire side
 * of the field's schema (its last encoding), so that it reaches the document
 * whatever the schema is: a transformation (`Timestamp`, a class: the
 * annotation is set on its wire side), one whose last check has no JSON Schema
 * (a filter), or a shared schema (one with an identifier, as `Amount`: the
 * identifier names it in error messages, "Expected Amount", and makes it one
 * component of the document). The document conventions of `@moneta/api` write
 * a described field in place, so its own description wins over the shared one.
 * A schema without an identifier also carries the description itself, where
 * key annotations do not reach (the items of an array, the members of a union).
 */
import { Schema, SchemaAST } from "effect"

export const described = <S extends Schema.Top>(schema: S, description: string): S["Rebuild"] => {
  // Only a transformation needs its wire side annotated: flipping rebuilds the schemas it holds.
  const key = schema.ast.encoding === undefined
    ? schema.annotateKey({ description })
    : Schema.flip(Schema.flip(schema).annotateKey({ description }))
  return SchemaAST.resolveIdentifier(schema.ast) === undefined ? key.annotate({ description }) : key
}
