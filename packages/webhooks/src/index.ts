export * as Delivery from "./Delivery.js"
export * as Dispatcher from "./Dispatcher.js"
export * as RetrySchedule from "./RetrySchedule.js"
export * as Transport from "./Transport.js"
