import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request got no HTTP answer.
public enum NetworkFailure: Sendable, Hashable, CustomStringConvertible {
    /// The server could not be reached: connection refused, unknown host, no network.
    case unreachable
    /// No answer within the client's timeout.
    case timedOut
    /// The connection closed before a complete answer arrived.
    case connectionLost
    /// Another transport failure, with its `URLError` code.
    case other(code: Int)
    /// The time allowed for all of the client's requests together
    /// (``APIClientConfiguration/totalTimeout``), `seconds`, ran out.
    case outOfTime(seconds: Double)

    /// The failure a `URLError` code stands for, or `nil` for cancellation.
    init?(_ code: URLError.Code) {
        switch code {
        case .cancelled:
            return nil
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            self = .unreachable
        case .timedOut:
            self = .timedOut
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse,
             .resourceUnavailable, .cannotDecodeRawData, .cannotDecodeContentData:
            self = .connectionLost
        #if canImport(FoundationNetworking)
        case .unknown:
            // swift-corelibs-foundation reports libcurl's broken transfers ("transfer closed
            // with N bytes remaining to read", receive errors) as NSURLErrorUnknown.
            self = .connectionLost
        #endif
        default:
            self = .other(code: code.rawValue)
        }
    }

    /// What happened, in words.
    public var description: String {
        switch self {
        case .unreachable: "the server cannot be reached (connection refused, unknown host or no network)"
        case .timedOut: "the server did not answer in time"
        case .connectionLost: "the connection closed before the server's answer was complete"
        case .other(let code): "the request failed on its way to the server (transport error \(code))"
        case .outOfTime(let seconds): "the \(Self.seconds(seconds)) allowed for the server's answers in all ran out"
        }
    }

    /// `300 s`, `2.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
