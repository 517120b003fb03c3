/**
 * Consistent arbitraries and `fc.commands` generators for card
 * authentications (3DS): decided authentications and runs of commands
 * through the status graph, each checked against the model.
 */
import { Result } from "effect"
import * as fc from "fast-check"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import { ensure, instantArbitrary } from "./CardChecks.js"
import { cardAuthenticationArbitrary } from "./CardSchemas.js"
import { fromSchema } from "./FromSchema.js"

/** An authentication just after its decision: denied, authenticated without challenge, or awaiting one. */
export const decidedCardAuthenticationArbitrary: fc.Arbitrary<CardAuthentication.CardAuthentication> = fc
  .tuple(
    cardAuthenticationArbitrary,
    fc.constantFrom(
      "approve" as const,
      "challenge" as const,
      "challenge" as const,
      "deny" as const,
      "timed_out" as const
    )
  )
  .map(([authentication, decision]) =>
    new CardAuthentication.CardAuthentication({
      ...authentication,
      ...CardAuthentication.statusAfterDecision(decision),
      challenge: null
    })
  )

export interface CardAuthenticationModel {
  status: CardAuthentication.Status
  /** The code of the started challenge, if one was started. */
  code: string | undefined
  attempts: Array<"successful" | "failed">
}

export interface CardAuthenticationReal {
  authentication: CardAuthentication.CardAuthentication
}

type CardAuthenticationCommandUnderTest = fc.Command<CardAuthenticationModel, CardAuthenticationReal>

/** The graph of `CardAuthentication.ts`, written again as the model's expectation. */
const expectedAuthenticationMove = (
  model: CardAuthenticationModel,
  command: CardAuthentication.Command
): CardAuthentication.Status | undefined => {
  switch (command._tag) {
    case "StartChallenge":
      return model.status === "awaiting_challenge" && model.code === undefined ? "awaiting_challenge" : undefined
    case "SubmitChallengeAttempt":
      return model.status === "awaiting_challenge" && model.code !== undefined ? "validating_challenge" : undefined
    case "CompleteValidation": {
      if (model.status !== "validating_challenge") return undefined
      if (model.attempts[model.attempts.length - 1] === "successful") return "authenticated_with_challenge"
      const failed = model.attempts.filter((outcome) => outcome === "failed").length
      return failed >= CardAuthentication.maximumFailedAttempts ? "exceeded_attempt_threshold" : "awaiting_challenge"
    }
    case "Cancel":
      return model.status === "awaiting_challenge" ? "canceled" : undefined
    case "Expire":
      return model.status === "awaiting_challenge" ? "timed_out_awaiting_challenge" : undefined
    case "Fail":
      return model.status === "awaiting_challenge" || model.status === "validating_challenge" ? "errored" : undefined
  }
}

const authenticationCommand = (
  describe: string,
  commandFor: (model: CardAuthenticationModel) => CardAuthentication.Command
): CardAuthenticationCommandUnderTest => ({
  check: () => true,
  run: (model, real) => {
    const command = commandFor(model)
    const before = real.authentication
    const expected = expectedAuthenticationMove(model, command)
    const result = CardAuthentication.transition(before, command)
    if (Result.isFailure(result)) {
      ensure(expected === undefined, `${describe} was refused in ${model.status}: ${result.failure.detail}`)
      return
    }
    const { next, events } = result.success
    ensure(expected !== undefined, `${describe} was accepted in ${model.status}`)
    ensure(!CardAuthentication.isTerminal(model.status), `a terminal status (${model.status}) was left`)
    ensure(next.status === expected, `${describe} led to ${next.status}, expected ${expected}`)
    ensure(
      events.length === 1 && events[0]?.category === "card_payment.updated" &&
        events[0].associatedObjectId === before.card_payment_id,
      `${describe} did not emit exactly one card_payment.updated`
    )
    if (command._tag === "StartChallenge") model.code = command.one_time_code
    if (command._tag === "SubmitChallengeAttempt") {
      model.attempts.push(command.one_time_code === model.code ? "successful" : "failed")
      ensure(
        next.challenge?.attempts.length === model.attempts.length,
        "the attempt was not recorded on the challenge"
      )
    }
    model.status = next.status
    real.authentication = next
  },
  toString: () => describe
})

export interface CardAuthenticationScenario {
  readonly authentication: CardAuthentication.CardAuthentication
  readonly setup: () => { model: CardAuthenticationModel; real: CardAuthenticationReal }
  readonly commands: Iterable<CardAuthenticationCommandUnderTest>
}

const oneTimeCodeArbitrary = fc.stringMatching(/^\d{6}$/)

/** A decided authentication and a run of commands through the status graph, each checked against the model. */
export const cardAuthenticationScenarioArbitrary: fc.Arbitrary<CardAuthenticationScenario> = (() => {
  const start = fc
    .tuple(oneTimeCodeArbitrary, fromSchema(CardAuthentication.VerificationMethod), instantArbitrary)
    .map(([code, method, at]) =>
      authenticationCommand(`StartChallenge(${code})`, () => ({
        _tag: "StartChallenge",
        at,
        one_time_code: code,
        verification_method: method,
        verification_value: method === "none_available" ? null : "pat@example.com",
        real_time_decision_id: null
      }))
    )
  // mostly wrong codes, so that runs reach the attempt threshold as well as success
  const correctness = fc.oneof({ arbitrary: fc.constant(true), weight: 1 }, {
    arbitrary: fc.constant(false),
    weight: 3
  })
  const submit = fc.tuple(correctness, oneTimeCodeArbitrary, instantArbitrary).map(([correct, wrongCode, at]) =>
    authenticationCommand(`SubmitChallengeAttempt(${correct ? "right code" : wrongCode})`, (model) => ({
      _tag: "SubmitChallengeAttempt",
      at,
      // a "wrong" code that happens to be the right one is still a fair attempt: the model computes the outcome
      one_time_code: correct ? model.code ?? wrongCode : wrongCode
    }))
  )
  const validate = fc.constant(authenticationCommand("CompleteValidation", () => ({ _tag: "CompleteValidation" })))
  return fc
    .tuple(
      // mostly challenged: the graph beyond the decision starts at awaiting_challenge
      fc.oneof(
        { arbitrary: decidedCardAuthenticationArbitrary, weight: 1 },
        {
          arbitrary: decidedCardAuthenticationArbitrary.filter(({ status }) => status === "awaiting_challenge"),
          weight: 3
        }
      ),
      fc.commands(
        [
          // weighed: the ways out (cancel, expire, fail) would otherwise end most runs before the attempt
          // threshold is reached
          fc.oneof(
            { arbitrary: start, weight: 2 },
            { arbitrary: submit, weight: 4 },
            { arbitrary: validate, weight: 4 },
            {
              arbitrary: fc.constantFrom(
                authenticationCommand("Cancel", () => ({ _tag: "Cancel" })),
                authenticationCommand("Expire", () => ({ _tag: "Expire" })),
                authenticationCommand("Fail", () => ({ _tag: "Fail" }))
              ),
              weight: 1
            }
          )
        ],
        { maxCommands: 40, size: "medium" }
      )
    )
    .map(([authentication, commands]) => ({
      authentication,
      setup: () => ({
        model: { status: authentication.status, code: undefined, attempts: [] },
        real: { authentication }
      }),
      commands
    }))
})()
