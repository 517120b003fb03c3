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

/** Answers the next poll with `answer` and lets the timer run to it; the path it was asked for. */
const poll = async (answer: PageJson<EventJson>) => {
  const asked = answerNext(answer)
  await vi.advanceTimersByTimeAsync(1_500)
  return asked
}

describe("live updates", () => {
  let versions: Array<number> = []
  let unsubscribe = () => {}
  beforeEach(() => {
    vi.useFakeTimers()
    get.mockReset()
    versions = []
    unsubscribe = Live.onVersion((version) => versions.push(version))
  })
  afterEach(() => {
    unsubscribe()
    Live.stop()
    vi.useRealTimers()
  })

  /** Starts the live view with `newest` as the answer to its first read; the path of that read. */
  const start = async (newest: PageJson<EventJson>) => {
    const asked = answerNext(newest)
    Live.start()
    const path = await asked
    await vi.advanceTimersByTimeAsync(0)
    return path
  }

  it("starts after the newest event, tells the pages to reload once it knows where, then only on new events", async () => {
    // one event, newest first: never a read of the whole history
    expect(await start(page([event("event_2")], "after_event_2"))).toBe("/events?limit=1")
    // a page that loaded while this read ran may lack an event committed meanwhile: it reloads
    expect(versions).toHaveLength(1)

    expect(await poll(page([], "after_event_2"))).toBe(
      "/events?order_by.direction=ascending&limit=100&cursor=after_event_2"
    )
    expect(versions).toHaveLength(1)

    expect(await poll(page([event("event_3")], "after_event_3"))).toBe(
      "/events?order_by.direction=ascending&limit=100&cursor=after_event_2"
    )
    expect(versions).toHaveLength(2)

    expect(await poll(page([], "after_event_3"))).toContain("cursor=after_event_3")
  })

  it("after a full page, moves to the newest event instead of reading every page in between", async () => {
    await start(page([event("event_1")], "after_event_1"))
    const full = Array.from({ length: 100 }, (_, index) => event(`event_${index + 2}`))
    const flood = answerNext(page(full, "after_event_101"))
    const skip = answerNext(page([event("event_5000")], "after_event_5000"))
    await vi.advanceTimersByTimeAsync(1_500)
    expect(await flood).toContain("cursor=after_event_1")
    expect(await skip).toBe("/events?limit=1")
    await vi.advanceTimersByTimeAsync(0)
    expect(versions).toHaveLength(2)
    expect(await poll(page([], "after_event_5000"))).toContain("cursor=after_event_5000")
  })

  it("with one event or none, polls from the beginning", async () => {
    await start(page([], null))
    expect(await poll(page([], "beginning"))).toBe("/events?order_by.direction=ascending&limit=100")
  })
})
