/**
 * The elements of a card payment, in one import: the objects of each
 * interaction with the card network (`CardPaymentObjects`: authorization,
 * decline, increment, reversal, expiration, settlement, refund, fuel
 * confirmation, balance inquiry…), what a clearing message adds to a
 * settlement or refund (`CardClearingDetails`), and the `Element` union
 * `{category, created_at, <category>: object}` (`CardPaymentElement`). Several
 * objects are also the `source` of the transaction, pending transaction or
 * declined transaction they cause. The rules that add elements to a card
 * payment live in `CardPayment.ts`.
 */
export * from "./CardClearingDetails.js"
export * from "./CardPaymentElement.js"
export * from "./CardPaymentObjects.js"
