/** The live view's polling, with the API and the timer played by the test. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import * as Api from "../src/Api.js"
import * as Live from "../src/Live.js"
import type { EventJson, PageJson } from "../src/Types.js"

vi.mock("../src/Api.js", async (importOriginal) => ({
  ...(await importOriginal<typeof Api>()),
  get: vi.fn()
}))

const get = vi.mocked(Api.get)

const event = (id: string): EventJson => ({
  id,
  created_at: "2026-11-28T00:00:00Z",
  category: "account.created",
  associated_object_type: "account",
  associated_object_id: "account_1",
  type: "event"
})

const page = (data: ReadonlyArray<EventJson>, next_cursor: string | null): PageJson<EventJson> => ({
  data,
  next_cursor
})

/** Answers the next GET with `answer`; the path it was asked for. */
const answerNext = (answer: PageJson<EventJson>) =>
  new Promise<string>((resolve) => {
    get.mockImplementationOnce((path) => {
      resolve(path)
      return Promise.resolve(answer)
    })
  })

describe("live updates", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    get.mockReset()
  })
  afterEach(() => {
    Live.stop()
    vi.useRealTimers()
  })

  it("starts after the newest event, tells the pages to reload once it knows where, then only on new events", async () => {
    const versions: Array<number> = []
    const unsubscribe = Live.onVersion((version) => versions.push(version))
    const newest = answerNext(page([event("event_2")], "after_event_2"))
    Live.start()
    // one event, newest first: never a read of the whole history
    expect(await newest).toBe("/events?limit=1")
    await vi.advanceTimersByTimeAsync(0)
    // a page that loaded while this read ran may lack an event committed meanwhile: it reloads
    expect(versions).toHaveLength(1)

    const caughtUp = answerNext(page([], "after_event_2"))
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await caughtUp).toBe("/events?order_by.direction=ascending&limit=100&cursor=after_event_2")
    expect(versions).toHaveLength(1)

    const fresh = answerNext(page([event("event_3")], "after_event_3"))
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await fresh).toBe("/events?order_by.direction=ascending&limit=100&cursor=after_event_2")
    expect(versions).toHaveLength(2)

    const next = answerNext(page([], "after_event_3"))
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await next).toContain("cursor=after_event_3")
    unsubscribe()
  })

  it("with one event or none, polls from the beginning", async () => {
    const newest = answerNext(page([], null))
    Live.start()
    await newest
    const first = answerNext(page([], "beginning"))
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await first).toBe("/events?order_by.direction=ascending&limit=100")
  })
})
