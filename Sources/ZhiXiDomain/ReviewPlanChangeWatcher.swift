/// Watches a stream of ``ReviewPlanChange``s for a page: calls `onChange` on the main actor
/// for each, in order. Stops when it is released or the stream ends.
package typealias ReviewPlanChangeWatcher = StreamWatcher<ReviewPlanChange>
