import YouTubeKit

/// Google's error body (`{"error": {"code", "message", "status", "errors": […], "details": […]}}`)
/// as a page decoder meets its parts: each `errors` and `details` entry is kept when its object
/// ends; the body exists once `error` is seen (an object, or the bare string some proxies send).
struct APIErrorBodyReader {
    private var seen = false
    private var code: Int?
    private var message = ""
    private var status: String?
    private var items: [APIErrorBody.Item] = []
    private var details: [APIErrorBody.Detail] = []
    private var item = APIErrorBody.Item()
    private var detail = APIErrorBody.Detail()

    /// The document is an error body (`error` met as an object).
    mutating func begin() { seen = true }

    /// `error` met as a bare string: the body is that message.
    mutating func begin(message text: String) {
        seen = true
        message = text
    }

    mutating func startItem() { item = APIErrorBody.Item() }
    mutating func endItem() { items.append(item) }
    mutating func startDetail() { detail = APIErrorBody.Detail() }
    mutating func endDetail() { details.append(detail) }

    mutating func setCode(_ value: Int?) { code = value }

    /// A string member of the body, an `errors` entry or a `details` entry; `false` when `field`
    /// is none of theirs.
    mutating func set(_ field: PageField, _ text: @autoclosure () -> String) -> Bool {
        switch field {
        case .errorMessage: message = text()
        case .errorStatus: status = text()
        case .itemDomain: item.domain = text()
        case .itemReason: item.reason = text()
        case .itemMessage: item.message = text()
        case .itemLocation: item.location = text()
        case .itemLocationType: item.locationType = text()
        case .detailType: detail.type = text()
        case .detailReason: detail.reason = text()
        case .detailDomain: detail.domain = text()
        default: return false
        }
        return true
    }

    /// The error body read, if the document was one; `httpStatus` fills a missing `code`.
    func body(httpStatus: Int?) -> APIErrorBody? {
        guard seen else { return nil }
        return APIErrorBody(code: code ?? httpStatus, message: message, status: status, errors: items, details: details)
    }
}
