// Glance's macOS Accessibility reader: one long-lived process, one JSON request per line on
// stdin, one JSON answer per line on stdout (the protocol is app/os/accessibility/wire.ts, the
// same as atspi-reader.py's). Compiled by the Mac's own Swift compiler when Glance is built
// (scripts/ax-reader.js), in Swift 5 language mode, and checked in Swift 6 mode by the Mac
// workflow: no global mutable state (it all lives in one Reader), nothing shared across threads.
// It reads only when asked, only the app named by pid, only its focused window and focused
// element (never a walk of the tree), and nothing of a secure text field. Each point below is
// explained, with its source, in docs/accessibility.md ("On a Mac").
import ApplicationServices
import Foundation

// Names and limits as static constants of an enum: in Swift 6 mode, top-level variables of
// main.swift would belong to the main actor, and the reader's methods could not read them.
enum Names {
    static let secureRole = "AXSecureTextField"
    static let webAreaRole = "AXWebArea"
    // Electron's (and Chromium's) switch for an app's accessibility tree: read first, set only when off.
    static let manualAccessibility = "AXManualAccessibility"
    // Chromium's and WebKit's text markers: a page's selection has no offsets or bounds-for-range.
    static let selectedMarkerRange = "AXSelectedTextMarkerRange"
    static let boundsForMarkerRange = "AXBoundsForTextMarkerRange"
    static let stringForMarkerRange = "AXStringForTextMarkerRange"
    static let startOfMarkerRange = "AXStartTextMarkerForTextMarkerRange"
    static let indexForMarker = "AXIndexForTextMarker"
    static let topLevelElement = "AXTopLevelUIElement"
    static let maxParents = 32
    static let maxAnchors = 16
}

struct Refused: Error {
    let code: String
    var detail: String? = nil
}

typealias RectJSON = [String: Double]

func asElement(_ value: AnyObject?) -> AXUIElement? {
    guard let value = value, CFGetTypeID(value) == AXUIElementGetTypeID() else { return nil }
    return (value as! AXUIElement)
}

func rangeValue(_ value: AnyObject?) -> CFRange? {
    guard let value = value, CFGetTypeID(value) == AXValueGetTypeID() else { return nil }
    var range = CFRange(location: 0, length: 0)
    return AXValueGetValue(value as! AXValue, .cfRange, &range) ? range : nil
}

func rectValue(_ value: AnyObject?) -> CGRect? {
    guard let value = value, CFGetTypeID(value) == AXValueGetTypeID() else { return nil }
    var rect = CGRect.zero
    guard AXValueGetValue(value as! AXValue, .cgRect, &rect), rect.width > 0, rect.height > 0,
          rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return nil }
    return rect
}

func axRange(_ location: Int, _ length: Int) -> AnyObject {
    var range = CFRange(location: location, length: length)
    return AXValueCreate(.cfRange, &range)!
}

/// Global coordinates in points, origin top-left of the primary display: the protocol's own.
func rectObject(_ rect: CGRect) -> RectJSON {
    return ["x": Double(rect.origin.x), "y": Double(rect.origin.y), "w": Double(rect.width), "h": Double(rect.height)]
}

/// A pid's start time, so "once per process" survives a pid being used again.
func processKey(_ pid: pid_t) -> String {
    var info = proc_bsdinfo()
    let size = Int32(MemoryLayout<proc_bsdinfo>.size)
    guard proc_pidinfo(pid, PROC_PIDTBSDINFO, 0, &info, size) == size else { return "\(pid)" }
    return "\(pid)@\(info.pbi_start_tvsec).\(info.pbi_start_tvusec)"
}

/// Everything the helper remembers between requests, and the request's one deadline.
final class Reader {
    let systemWide = AXUIElementCreateSystemWide()
    var deadline = Date.distantFuture
    var budget: TimeInterval = 1
    var anchors: [String: AXUIElement] = [:]
    var anchorOrder: [String] = []
    var nextHandle = 0
    /// Apps whose AXManualAccessibility this helper turned on: once per process, never again.
    var woken = Set<String>()

    var remaining: TimeInterval { return deadline.timeIntervalSinceNow }

    /// Starts a request's clock: `deadline` (ms since 1970, Node's) or `timeoutMs` from now.
    func begin(_ request: [String: Any]) {
        let span = Double(request["timeoutMs"] as? Int ?? 1000) / 1000
        if let at = request["deadline"] as? Double { deadline = Date(timeIntervalSince1970: at / 1000) }
        else { deadline = Date(timeIntervalSinceNow: span) }
        budget = max(0.001, min(span, remaining))
    }

    /// One call into an app with what is left of the deadline (AXUIElementSetMessagingTimeout on
    /// the system-wide element sets it for every element). A cannotComplete that took most of its
    /// time is the app hanging (timeout); an instant one, an app without accessibility support.
    func call(_ body: () -> AXError) throws -> AXError {
        let left = remaining
        guard left > 0.005 else { throw Refused(code: "timeout") }
        _ = AXUIElementSetMessagingTimeout(systemWide, Float(left))
        let started = Date()
        let error = body()
        if error == .cannotComplete && Date().timeIntervalSince(started) >= left * 0.5 {
            throw Refused(code: "timeout", detail: "AXError \(error.rawValue)")
        }
        return error
    }

    func attribute(_ element: AXUIElement, _ name: String) throws -> (AnyObject?, AXError) {
        var value: AnyObject?
        let error = try call { AXUIElementCopyAttributeValue(element, name as CFString, &value) }
        return (error == .success ? value : nil, error)
    }

    func string(_ element: AXUIElement, _ name: String) throws -> String? {
        return try attribute(element, name).0 as? String
    }

    func parameterized(_ element: AXUIElement, _ name: String, _ parameter: AnyObject) throws -> AnyObject? {
        var value: AnyObject?
        let error = try call { AXUIElementCopyParameterizedAttributeValue(element, name as CFString, parameter, &value) }
        return error == .success ? value : nil
    }

    func isSecure(_ element: AXUIElement) throws -> Bool {
        if try string(element, kAXRoleAttribute) == Names.secureRole { return true }
        return try string(element, kAXSubroleAttribute) == Names.secureRole
    }

    /// Rectangles are the last thing read: collecting stops while a tenth of the budget is left (at most 0.1 s).
    var nearDeadline: Bool { return remaining < min(0.1, budget / 10) }
}

// The app, its window, the focused element.
extension Reader {
    func appElement(_ request: [String: Any]) throws -> AXUIElement {
        guard AXIsProcessTrusted() else { throw Refused(code: "no-permission") }
        guard let pid = request["pid"] as? Int32 ?? (request["pid"] as? Int).map({ Int32($0) }) else { throw Refused(code: "bad-request") }
        let app = AXUIElementCreateApplication(pid)
        // Chromium turns its accessibility on for an assistive app that asks the application's
        // role (what Apple recommends to apps for clients other than VoiceOver); the answer also
        // tells an app without accessibility support (instant cannotComplete) at once.
        let (_, error) = try attribute(app, kAXRoleAttribute)
        if error == .cannotComplete || error == .notImplemented || error == .invalidUIElement { throw Refused(code: "not-on-bus") }
        if error == .apiDisabled { throw Refused(code: "no-permission") }
        if request["wake"] as? Bool ?? true { try wake(app, pid) }
        return app
    }

    /// AXManualAccessibility, for an Electron app whose tree is off: read first, set only when
    /// off, once per process (pid and start time); then wait, within the budget, for the tree's
    /// focused element. Setting it makes Electron emit accessibility-support-changed (VS Code
    /// then turns on its screen-reader mode): Glance's consent card says so for an Electron app.
    func wake(_ app: AXUIElement, _ pid: pid_t) throws {
        let key = processKey(pid)
        if woken.contains(key) { return }
        let (value, error) = try attribute(app, Names.manualAccessibility)
        // Not an Electron app (unsupported attribute), or already on (a screen reader, an earlier run).
        guard error == .success, let on = value as? Bool, !on else { return }
        let set = try call { AXUIElementSetAttributeValue(app, Names.manualAccessibility as CFString, true as CFTypeRef) }
        guard set == .success else { return }
        woken.insert(key)
        let until = Date(timeIntervalSinceNow: min(1.0, remaining / 2))
        while Date() < until {
            if try asElement(attribute(app, kAXFocusedUIElementAttribute).0) != nil { return }
            usleep(50_000)
        }
    }

    /// The focused window; when an inactive app gives none, its main window.
    func window(_ app: AXUIElement) throws -> AXUIElement {
        let (value, error) = try attribute(app, kAXFocusedWindowAttribute)
        if let window = asElement(value) { return window }
        if let main = try asElement(attribute(app, kAXMainWindowAttribute).0) { return main }
        switch error {
        case .apiDisabled: throw Refused(code: "no-permission")
        case .cannotComplete, .notImplemented, .invalidUIElement: throw Refused(code: "not-on-bus")
        default: throw Refused(code: "no-window")
        }
    }

    func same(_ a: AXUIElement?, _ b: AXUIElement) -> Bool {
        guard let a = a else { return false }
        return CFEqual(a, b)
    }

    /// The focused element, only if it is in that window (a sheet's too: its top-level element is the window).
    func focusedElement(_ app: AXUIElement, in window: AXUIElement) throws -> AXUIElement? {
        guard let focused = try asElement(attribute(app, kAXFocusedUIElementAttribute).0) else { return nil }
        if same(focused, window) { return focused }
        if try same(asElement(attribute(focused, kAXWindowAttribute).0), window) { return focused }
        return try same(asElement(attribute(focused, Names.topLevelElement).0), window) ? focused : nil
    }

    /// The web area at or above the focus (Chromium, Safari and other WebKit views).
    func webArea(_ focused: AXUIElement) throws -> AXUIElement? {
        var current: AXUIElement? = focused
        for _ in 0..<Names.maxParents {
            guard let here = current else { return nil }
            if try string(here, kAXRoleAttribute) == Names.webAreaRole { return here }
            current = try asElement(attribute(here, kAXParentAttribute).0)
        }
        return nil
    }

    /// The document's URL: the window's AXDocument (a file URL), or the web area's AXURL.
    func documentURL(_ window: AXUIElement, _ web: AXUIElement?) throws -> String? {
        if let document = try string(window, kAXDocumentAttribute), !document.isEmpty { return document }
        guard let web = web, let url = try attribute(web, kAXURLAttribute).0 else { return nil }
        if let url = url as? URL { return url.absoluteString }
        return url as? String
    }

    /// The window's frame, to clip rectangles to what can be seen of it.
    func frame(_ window: AXUIElement) throws -> CGRect? {
        var origin = CGPoint.zero
        var size = CGSize.zero
        guard let position = try attribute(window, kAXPositionAttribute).0, CFGetTypeID(position) == AXValueGetTypeID(),
              AXValueGetValue(position as! AXValue, .cgPoint, &origin),
              let extent = try attribute(window, kAXSizeAttribute).0, CFGetTypeID(extent) == AXValueGetTypeID(),
              AXValueGetValue(extent as! AXValue, .cgSize, &size), size.width > 0, size.height > 0 else { return nil }
        return CGRect(origin: origin, size: size)
    }
}

// The selection, the focused text, the two ops.
extension Reader {
    /// One rectangle per line of the range, where the element tells its lines; else one for the
    /// whole range. Stops near the deadline with the rectangles it has.
    func lineRects(_ element: AXUIElement, _ range: CFRange, _ room: Int) -> [RectJSON] {
        var rects: [RectJSON] = []
        var offset = range.location
        let end = range.location + range.length
        do {
            while offset < end && rects.count < room && !nearDeadline {
                guard let line = try parameterized(element, kAXLineForIndexParameterizedAttribute, offset as NSNumber) as? Int,
                      let lineRange = rangeValue(try parameterized(element, kAXRangeForLineParameterizedAttribute, line as NSNumber)),
                      lineRange.location + lineRange.length > offset else {
                    if let whole = rectValue(try parameterized(element, kAXBoundsForRangeParameterizedAttribute, axRange(offset, end - offset))) { rects.append(rectObject(whole)) }
                    break
                }
                let stop = min(end, lineRange.location + lineRange.length)
                if let rect = rectValue(try parameterized(element, kAXBoundsForRangeParameterizedAttribute, axRange(offset, stop - offset))) { rects.append(rectObject(rect)) }
                offset = stop
            }
        } catch {
            // The deadline came in the middle: what was measured is still right.
        }
        return rects
    }

    /// The answer's selection: the text cut at `limit` characters (Unicode scalars).
    func selectionAnswer(_ text: String, _ limit: Int, cut: Bool, ranges: [[Int]], _ rects: [RectJSON]) -> [String: Any] {
        let scalars = text.unicodeScalars
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit))
        return ["text": String(kept), "truncated": cut || scalars.count > limit, "ranges": ranges, "rects": rects]
    }

    /// The focused element's selection: its range first, then only the capped length of its text
    /// (AXStringForRange), one rectangle per line. In a web area, where Chromium gives no bounds
    /// for a range outside text fields, the page's selection through text markers instead.
    func selection(of focused: AXUIElement, web: AXUIElement?, _ request: [String: Any]) throws -> [String: Any]? {
        let limit = request["selectionLimit"] as? Int ?? 65536
        let room = request["rectLimit"] as? Int ?? 256
        var plain: [String: Any]? = nil
        if let range = rangeValue(try attribute(focused, kAXSelectedTextRangeAttribute).0), range.length > 0 {
            // A character is at most two UTF-16 units: twice the limit holds the limit's characters.
            let units = min(range.length, limit * 2)
            var text = try parameterized(focused, kAXStringForRangeParameterizedAttribute, axRange(range.location, units)) as? String
            if text == nil { text = try string(focused, kAXSelectedTextAttribute) }
            if let text = text, !text.isEmpty {
                let rects = lineRects(focused, range, room)
                plain = selectionAnswer(text, limit, cut: units < range.length, ranges: [[range.location, range.location + range.length]], rects)
                if !rects.isEmpty || web == nil { return plain }
            }
        }
        if let web = web, let marked = try markerSelection(web, limit) { return marked }
        return plain
    }

    /// A page's selection through text markers (Chromium and WebKit): its text, one rectangle
    /// for the whole range, and its start's index where the web area tells it.
    func markerSelection(_ web: AXUIElement, _ limit: Int) throws -> [String: Any]? {
        guard let markers = try attribute(web, Names.selectedMarkerRange).0,
              let text = try parameterized(web, Names.stringForMarkerRange, markers) as? String, !text.isEmpty else { return nil }
        var rects: [RectJSON] = []
        if !nearDeadline, let rect = rectValue(try parameterized(web, Names.boundsForMarkerRange, markers)) { rects.append(rectObject(rect)) }
        var start = 0
        if let marker = try parameterized(web, Names.startOfMarkerRange, markers), let index = try parameterized(web, Names.indexForMarker, marker) as? Int { start = index }
        return selectionAnswer(text, limit, cut: false, ranges: [[start, start + text.utf16.count]], rects)
    }

    /// The rectangles, each cut to the window's frame; those wholly outside it dropped.
    func clipped(_ rects: [RectJSON], to window: AXUIElement?) throws -> [RectJSON] {
        guard !rects.isEmpty, let window = window, let bounds = try frame(window) else { return rects }
        return rects.compactMap { rect in
            let cut = CGRect(x: rect["x"] ?? 0, y: rect["y"] ?? 0, width: rect["w"] ?? 0, height: rect["h"] ?? 0).intersection(bounds)
            return cut.isNull || cut.width <= 0 || cut.height <= 0 ? nil : rectObject(cut)
        }
    }

    /// What the focused element shows, from its visible range (a terminal's screen, not the top
    /// of its scrollback), only as much as the limit.
    func focusedText(_ element: AXUIElement, _ limit: Int) throws -> [String: Any]? {
        let count = try attribute(element, kAXNumberOfCharactersAttribute).0 as? Int
        var start = 0
        if let visible = rangeValue(try attribute(element, kAXVisibleCharacterRangeAttribute).0), visible.length > 0 { start = visible.location }
        var text: String? = nil
        if let count = count, count > start {
            text = try parameterized(element, kAXStringForRangeParameterizedAttribute, axRange(start, min(count - start, limit))) as? String
        }
        if text == nil, let value = try string(element, kAXValueAttribute) {
            text = String(value.utf16.dropFirst(start).prefix(limit)) ?? String(value.prefix(limit))
        }
        guard let value = text, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return ["value": value, "truncated": start > 0 || (count ?? 0) - start > limit]
    }

    func read(_ request: [String: Any]) throws -> [String: Any] {
        let app = try appElement(request)
        let window = try self.window(app)
        let name = try string(app, kAXTitleAttribute) ?? ""
        let title = try string(window, kAXTitleAttribute) ?? ""
        var answer: [String: Any] = ["app": ["name": name], "window": ["title": title]]
        let focused = try focusedElement(app, in: window)
        let web = try focused.flatMap { try webArea($0) }
        if let url = try documentURL(window, web) { answer["document"] = ["url": url] }
        guard let focused = focused else { return answer }
        let secure = try isSecure(focused)
        let role = try string(focused, kAXRoleAttribute) ?? ""
        answer["focused"] = ["role": role, "secure": secure] as [String: Any]
        if secure { return answer }
        if var selected = try selection(of: focused, web: web, request) {
            selected["rects"] = try clipped(selected["rects"] as? [RectJSON] ?? [], to: window)
            nextHandle += 1
            let handle = "m\(nextHandle)"
            anchors[handle] = focused
            anchorOrder.append(handle)
            if anchorOrder.count > Names.maxAnchors { anchors.removeValue(forKey: anchorOrder.removeFirst()) }
            selected["handle"] = handle
            answer["selection"] = selected
        } else if let text = try focusedText(focused, request["textLimit"] as? Int ?? 4096) {
            answer["text"] = text
        }
        return answer
    }

    /// Where the selection read before is now: visible with its rectangles, offscreen when none is
    /// left inside the window (never `visible` with nothing to show), gone when it changed.
    func locate(_ request: [String: Any]) throws -> [String: Any] {
        var focused = (request["handle"] as? String).flatMap { anchors[$0] }
        var window: AXUIElement? = nil
        if focused == nil {
            let app = try appElement(request)
            let front = try self.window(app)
            window = front
            focused = try focusedElement(app, in: front)
        }
        guard let element = focused, try !isSecure(element),
              let now = try selection(of: element, web: try webArea(element), request) else { return ["state": "gone"] }
        let ranges = request["ranges"] as? [[Int]] ?? []
        guard (now["ranges"] as? [[Int]]) == ranges, (now["text"] as? String) == (request["text"] as? String) else { return ["state": "gone"] }
        if window == nil { window = try asElement(attribute(element, kAXWindowAttribute).0) }
        let rects = try clipped(now["rects"] as? [RectJSON] ?? [], to: window)
        return rects.isEmpty ? ["state": "offscreen", "rects": [RectJSON]()] : ["state": "visible", "rects": rects]
    }
}

/// Writes one answer line. JSONSerialization raises an Objective-C exception (which Swift cannot
/// catch) on what JSON cannot hold, a NaN: checked first, so every request still gets its line.
func reply(_ object: [String: Any]) {
    let id = object["id"] ?? NSNull()
    let fallback: [String: Any] = ["id": id, "ok": false, "code": "failed", "detail": "unencodable answer"]
    let line = JSONSerialization.isValidJSONObject(object) ? object : fallback
    var data = (try? JSONSerialization.data(withJSONObject: line, options: [])) ?? Data("{\"id\":null,\"ok\":false,\"code\":\"failed\"}".utf8)
    data.append(0x0A)
    FileHandle.standardOutput.write(data)
}

let reader = Reader()
while let line = readLine(strippingNewline: true) {
    var id: Any = NSNull()
    do {
        guard let request = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { throw Refused(code: "bad-request") }
        id = request["id"] ?? NSNull()
        reader.begin(request)
        let op = request["op"] as? String
        let answer: [String: Any]
        if op == "read" { answer = try reader.read(request) }
        else if op == "locate" { answer = try reader.locate(request) }
        else { throw Refused(code: "bad-request") }
        reply(["id": id, "ok": true, "answer": answer])
    } catch let refused as Refused {
        var out: [String: Any] = ["id": id, "ok": false, "code": refused.code]
        if let detail = refused.detail { out["detail"] = detail }
        reply(out)
    } catch {
        reply(["id": id, "ok": false, "code": "failed", "detail": String(describing: type(of: error))])
    }
}
