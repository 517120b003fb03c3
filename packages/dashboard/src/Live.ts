/**
 * Live updates: polls `GET /events` in ascending order with its cursor every
 * 1.5 s (the API's own polling, through the database, so it sees what every
 * server process did). Each new batch bumps a version the pages reload on,
 * and is handed to the listeners (the decisions page).
 */
import { useEffect, useState } from "preact/hooks"
import * as Api from "./Api.js"
import type { EventJson, PageJson } from "./Types.js"

const intervalMillis = 1_500
const pageSize = 100

let version = 0
let cursor: string | null = null
let started = false
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<(events: ReadonlyArray<EventJson>) => void>()
const versionListeners = new Set<(version: number) => void>()

const pagePath = () => `/events${Api.query({ "order_by.direction": "ascending", limit: pageSize, cursor })}`

/** Reads every page from the cursor on; the events read. */
const readNew = async (): Promise<ReadonlyArray<EventJson>> => {
  const read: Array<EventJson> = []
  for (;;) {
    const page = await Api.get<PageJson<EventJson>>(pagePath())
    read.push(...page.data)
    if (page.next_cursor !== null) cursor = page.next_cursor
    if (page.data.length < pageSize) return read
  }
}

const tick = async () => {
  try {
    const events = await readNew()
    if (events.length > 0) {
      version += 1
      versionListeners.forEach((listener) => listener(version))
      listeners.forEach((listener) => listener(events))
    }
  } catch {
    // A failed poll (the server restarting, the key refused) is retried; the pages show their own errors.
  }
  timer = setTimeout(() => void tick(), intervalMillis)
}

/** Starts polling from the events there are now. */
export const start = (): void => {
  if (started) return
  started = true
  void readNew().catch(() => []).finally(() => {
    timer = setTimeout(() => void tick(), intervalMillis)
  })
}

export const stop = (): void => {
  started = false
  cursor = null
  if (timer !== undefined) clearTimeout(timer)
}

/** A number that grows whenever new events arrive: a page's data depends on it to stay current. */
export const useVersion = (): number => {
  const [current, setCurrent] = useState(version)
  useEffect(() => {
    versionListeners.add(setCurrent)
    return () => void versionListeners.delete(setCurrent)
  }, [])
  return current
}

export const onEvents = (listener: (events: ReadonlyArray<EventJson>) => void): () => void => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
