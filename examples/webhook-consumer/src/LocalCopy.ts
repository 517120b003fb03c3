/**
 * The app's own data: the latest status of each wire transfer it has heard
 * of, as Moneta reported it. A real app would keep this in its database.
 */
import type { WireTransfer } from "@moneta/domain/WireTransfer"

export interface TransferStatus {
  readonly id: string
  readonly status: WireTransfer["status"]
  readonly amount: number
  readonly account_id: string
}

export class LocalCopy {
  private readonly transfers = new Map<string, TransferStatus>()
  private readonly handledEvents = new Map<string, number>()

  /** Keeps the transfer as it is now. */
  save(transfer: WireTransfer): void {
    this.transfers.set(transfer.id, {
      id: transfer.id,
      status: transfer.status,
      amount: transfer.amount,
      account_id: transfer.account_id
    })
  }

  /** Counts the handling of an event (for the app's stats page, and for the tests: it should stay 1). */
  countEvent(eventId: string): void {
    this.handledEvents.set(eventId, (this.handledEvents.get(eventId) ?? 0) + 1)
  }

  transfer(id: string): TransferStatus | undefined {
    return this.transfers.get(id)
  }

  allTransfers(): ReadonlyArray<TransferStatus> {
    return [...this.transfers.values()]
  }

  /** How many times each event was handled. */
  eventCounts(): ReadonlyMap<string, number> {
    return this.handledEvents
  }
}
