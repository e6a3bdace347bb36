import CCurl
import Foundation
import POSIXSupport
import Synchronization
import YouTubeKit

/// One curl multi handle driven by a dedicated thread (`curl_multi_poll`, woken by
/// `curl_multi_wakeup`), so no blocking call ever runs on the Swift concurrency pool.
final class CurlMultiLoop: @unchecked Sendable {
    private struct Inbox {
        var additions: [CurlTransfer] = []
        var cancellations: [ObjectIdentifier] = []
        var stopping = false

        var isEmpty: Bool { additions.isEmpty && cancellations.isEmpty }
    }

    private let multi: UnsafeMutableRawPointer
    private let inbox = Mutex(Inbox())
    private let stopped = DispatchSemaphore(value: 0)
    private let configuration: CurlTransport.Configuration
    // Loop-thread state.
    private var active: [ObjectIdentifier: CurlTransfer] = [:]
    private var idleHandles: [CurlEasyHandle] = []
    /// Cancellations that arrived before their transfer was started.
    private var earlyCancellations: Set<ObjectIdentifier> = []

    init(configuration: CurlTransport.Configuration) throws {
        try CurlGlobal.ensureInitialised()
        guard let multi = curl_multi_init() else { throw TransportError.setup("curl_multi_init returned NULL") }
        self.multi = multi
        self.configuration = configuration
        _ = ytc_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, configuration.maximumConnections)
        _ = ytc_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in run() }
        thread.name = "curl-multi"
        thread.start()
    }

    func submit(_ transfer: CurlTransfer) {
        let wasEmpty = inbox.withLock { inbox in
            defer { inbox.additions.append(transfer) }
            return inbox.isEmpty
        }
        // An inbox that already held work has a wakeup on its way since the loop last emptied it.
        if wasEmpty { curl_multi_wakeup(multi) }
    }

    func cancel(_ transfer: CurlTransfer) {
        let wasEmpty = inbox.withLock { inbox in
            defer { inbox.cancellations.append(ObjectIdentifier(transfer)) }
            return inbox.isEmpty
        }
        if wasEmpty { curl_multi_wakeup(multi) }
    }

    /// Ends every transfer with an error, stops the thread and frees the handles.
    func shutdown() {
        let already = inbox.withLock { inbox -> Bool in
            defer { inbox.stopping = true }
            return inbox.stopping
        }
        guard !already else { return }
        curl_multi_wakeup(multi)
        stopped.wait()
        curl_multi_cleanup(multi)
    }

    private func run() {
        var running: Int32 = 0
        while true {
            let (additions, cancellations, stopping) = inbox.withLock { inbox in
                defer {
                    inbox.additions = []
                    inbox.cancellations = []
                }
                return (inbox.additions, inbox.cancellations, inbox.stopping)
            }
            for id in cancellations {
                if let transfer = active[id] {
                    end(transfer, .failure(CancellationError()))
                } else {
                    earlyCancellations.insert(id)
                }
            }
            for transfer in additions {
                if earlyCancellations.remove(ObjectIdentifier(transfer)) != nil {
                    transfer.finish(.failure(CancellationError()))
                } else {
                    start(transfer)
                }
            }
            if stopping {
                for transfer in Array(active.values) {
                    end(transfer, .failure(TransportError.setup("the transport was shut down")))
                }
                // Leftover submissions that raced with shutdown.
                for transfer in inbox.withLock({ $0.additions }) {
                    transfer.finish(.failure(TransportError.setup("the transport was shut down")))
                }
                idleHandles = []
                stopped.signal()
                return
            }
            curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                var pointer: UnsafeMutableRawPointer?
                _ = ytc_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &pointer)
                guard let pointer else { continue }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
                complete(transfer, code: ytc_curl_msg_result(message))
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func start(_ transfer: CurlTransfer) {
        do {
            let handle = try idleHandles.popLast() ?? newHandle()
            transfer.handle = handle
            let request = transfer.request
            let context = Unmanaged.passUnretained(transfer).toOpaque()
            // Only what differs between requests; the rest was set when the handle was made.
            try handle.set(CURLOPT_URL, request.url)
            // A loopback address (the emulator, a local API base) is reached directly: a proxy
            // from the environment (`http_proxy`) would carry the request off the machine, and
            // with it, over plain http, the key that only loopback may receive that way.
            let loopback = URLAuthority(url: request.url).map { APIRequest.isLoopback(host: $0.host) } ?? false
            try handle.setDirect(loopback)
            try handle.setHeaders(request.headers.map { $0.name + ": " + $0.value })
            try handle.set(CURLOPT_TIMEOUT_MS, Int(request.timeout * 1000))
            try handle.set(CURLOPT_PRIVATE, pointer: context)
            try handle.set(CURLOPT_WRITEDATA, pointer: context)
            try handle.set(CURLOPT_HEADERDATA, pointer: context)
            let added = curl_multi_add_handle(multi, handle.handle)
            guard added == CURLM_OK else {
                throw TransportError.setup("curl_multi_add_handle: \(String(cString: curl_multi_strerror(added)))")
            }
            active[ObjectIdentifier(transfer)] = transfer
        } catch {
            transfer.handle = nil
            transfer.finish(.failure(error))
        }
    }

    /// A handle with the options every request of this transport shares.
    private func newHandle() throws -> CurlEasyHandle {
        let handle = try CurlEasyHandle()
        try handle.set(CURLOPT_ACCEPT_ENCODING, "")  // every encoding curl decodes
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        try handle.set(CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedBytesPerSecond)
        try handle.set(CURLOPT_LOW_SPEED_TIME, Int(configuration.lowSpeedSeconds))
        try handle.set(CURLOPT_PIPEWAIT, 1)
        if let bundle = configuration.caBundle { try handle.set(CURLOPT_CAINFO, bundle) }
        try handle.set(CURLOPT_WRITEFUNCTION, callback: curlWriteCallback)
        try handle.set(CURLOPT_HEADERFUNCTION, callback: curlHeaderCallback)
        return handle
    }

    private func complete(_ transfer: CurlTransfer, code: CURLcode) {
        if code == CURLE_OK {
            if !transfer.headDelivered {
                transfer.status = (try? transfer.handle?.info(CURLINFO_RESPONSE_CODE)) ?? transfer.status
                transfer.deliverHead()
            }
            end(transfer, transfer.abortError.map { .failure($0) } ?? .success(()))
        } else {
            end(transfer, .failure(transfer.abortError ?? CurlErrorMapping.error(code, request: transfer.request)))
        }
    }

    /// Detaches the transfer's handle (back to the pool) and resumes its task.
    private func end(_ transfer: CurlTransfer, _ result: Result<Void, any Error>) {
        active.removeValue(forKey: ObjectIdentifier(transfer))
        if let handle = transfer.handle {
            curl_multi_remove_handle(multi, handle.handle)
            // Every per-request option is set again by the next start, so the handle is reused as is.
            if idleHandles.count < configuration.maximumConnections { idleHandles.append(handle) }
            transfer.handle = nil
        }
        transfer.finish(result)
    }
}

/// CURLcode → TransportError, naming the host only.
enum CurlErrorMapping {
    static func error(_ code: CURLcode, request: HTTPRequest) -> TransportError {
        let host = request.hostDescription
        let detail = "curl \(code.rawValue): \(String(cString: curl_easy_strerror(code)))"
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return TransportError(.dnsFailure, host: host, detail: detail)
        case CURLE_COULDNT_CONNECT:
            return TransportError(.connectionRefused, host: host, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            return TransportError(.timeout, host: host, detail: detail)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return TransportError(.connectionReset, host: host, detail: detail)
        case CURLE_PARTIAL_FILE:
            return TransportError(.truncatedBody, host: host, detail: detail)
        case CURLE_FILESIZE_EXCEEDED:
            return TransportError(.bodyTooLarge, host: host, detail: detail)
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_UNSUPPORTED_PROTOCOL:
            return TransportError(.malformedResponse, host: host, detail: detail)
        case CURLE_URL_MALFORMAT:
            return TransportError(.invalidURL, host: host, detail: detail)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE:
            return TransportError(.tls, host: host, detail: detail)
        default:
            return TransportError(.other, host: host, detail: detail)
        }
    }
}
