import Foundation
import ZhiXiReviewCLI

// Writing to a closed pipe (e.g. `zhixi-review states … | head`) must end quietly, not crash.
signal(SIGPIPE, SIG_IGN)
let status = await ZhiXiReview.run(Array(CommandLine.arguments.dropFirst()), context: .process())
exit(status)
