/// The body of an error answer: `{"code": "...", "message": "..."}`, both optional.
struct APIErrorBody: Decodable, Sendable {
    var code: String?
    var message: String?
}
