// Glance's macOS Accessibility reader: one long-lived process, one JSON request per line on
// stdin, one JSON answer per line on stdout (the protocol is app/os/accessibility/wire.ts, the
// same as atspi-reader.py's). Compiled by the Mac's own Swift compiler when Glance is built
// (scripts/build-accessibility-helpers.js); started by Glance on the first read, killed by it
// on a stall. It reads only when asked, only the app named by pid, only its focused window and
// focused element (never a walk of the tree), and nothing of a secure text field.
import ApplicationServices
import Foundation

let secureRole = "AXSecureTextField"
// Chromium and Electron build their accessibility tree only for a client that asks; setting
// this on the app element asks (AXEnhancedUserInterface, the other switch, upsets window managers).
let manualAccessibility = "AXManualAccessibility"
let maxParents = 32

struct Refused: Error {
    let code: String
    var detail: String? = nil
}

/// An AXError as a code the Node side words (reasons.ts).
func refusal(_ error: AXError) -> Refused {
    switch error {
    case .apiDisabled: return Refused(code: "no-permission")
    case .noValue: return Refused(code: "no-window")
    case .invalidUIElement, .notImplemented: return Refused(code: "not-on-bus")
    case .cannotComplete: return Refused(code: "timeout", detail: "AXError \(error.rawValue)")
    default: return Refused(code: "failed", detail: "AXError \(error.rawValue)")
    }
}

func attribute(_ element: AXUIElement, _ name: String) -> (AnyObject?, AXError) {
    var value: AnyObject?
    let error = AXUIElementCopyAttributeValue(element, name as CFString, &value)
    return (error == .success ? value : nil, error)
}

func string(_ element: AXUIElement, _ name: String) -> String? {
    return attribute(element, name).0 as? String
}

func asElement(_ value: AnyObject?) -> AXUIElement? {
    guard let value = value, CFGetTypeID(value) == AXUIElementGetTypeID() else { return nil }
    return (value as! AXUIElement)
}

func parameterized(_ element: AXUIElement, _ name: String, _ parameter: AnyObject) -> AnyObject? {
    var value: AnyObject?
    let error = AXUIElementCopyParameterizedAttributeValue(element, name as CFString, parameter, &value)
    return error == .success ? value : nil
}

func rangeValue(_ value: AnyObject?) -> CFRange? {
    guard let value = value, CFGetTypeID(value) == AXValueGetTypeID() else { return nil }
    var range = CFRange(location: 0, length: 0)
    return AXValueGetValue(value as! AXValue, .cfRange, &range) ? range : nil
}

func axRange(_ location: Int, _ length: Int) -> AnyObject {
    var range = CFRange(location: location, length: length)
    return AXValueCreate(.cfRange, &range)!
}

func bounds(_ element: AXUIElement, _ location: Int, _ length: Int) -> [String: Double]? {
    guard let value = parameterized(element, kAXBoundsForRangeParameterizedAttribute, axRange(location, length)),
          CFGetTypeID(value) == AXValueGetTypeID() else { return nil }
    var rect = CGRect.zero
    guard AXValueGetValue(value as! AXValue, .cgRect, &rect), rect.width > 0, rect.height > 0 else { return nil }
    // Global coordinates in points, origin top-left of the primary display: the protocol's own.
    return ["x": Double(rect.origin.x), "y": Double(rect.origin.y), "w": Double(rect.width), "h": Double(rect.height)]
}

func isSecure(_ element: AXUIElement) -> Bool {
    return string(element, kAXRoleAttribute) == secureRole || string(element, kAXSubroleAttribute) == secureRole
}

/// One rectangle per line of the range, where the element tells its lines; else one for the whole range.
func lineRects(_ element: AXUIElement, _ range: CFRange, _ room: Int) -> [[String: Double]] {
    var rects: [[String: Double]] = []
    var offset = range.location
    let end = range.location + range.length
    while offset < end && rects.count < room {
        guard let line = parameterized(element, kAXLineForIndexParameterizedAttribute, offset as NSNumber) as? Int,
              let lineRange = rangeValue(parameterized(element, kAXRangeForLineParameterizedAttribute, line as NSNumber)),
              lineRange.location + lineRange.length > offset else {
            if let whole = bounds(element, offset, end - offset) { rects.append(whole) }
            break
        }
        let stop = min(end, lineRange.location + lineRange.length)
        if let rect = bounds(element, offset, stop - offset) { rects.append(rect) }
        offset = stop
    }
    return rects
}

/// The focused element's selection: its text (capped), its range, one rectangle per line.
func selection(of focused: AXUIElement, _ request: [String: Any]) -> [String: Any]? {
    guard let text = string(focused, kAXSelectedTextAttribute), !text.isEmpty,
          let range = rangeValue(attribute(focused, kAXSelectedTextRangeAttribute).0), range.length > 0 else { return nil }
    let limit = request["selectionLimit"] as? Int ?? 65536
    let scalars = text.unicodeScalars
    let cut = scalars.count > limit
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars.prefix(limit))
    let rects = lineRects(focused, range, request["rectLimit"] as? Int ?? 256)
    let answer: [String: Any] = ["text": String(kept), "truncated": cut, "ranges": [[range.location, range.location + range.length]], "rects": rects]
    return answer
}

/// The document's URL: the window's AXDocument (a file URL), or a web area's AXURL above the focus.
func documentURL(_ window: AXUIElement, _ focused: AXUIElement?) -> String? {
    if let document = string(window, kAXDocumentAttribute), !document.isEmpty { return document }
    var current = focused
    for _ in 0..<maxParents {
        guard let here = current else { break }
        if string(here, kAXRoleAttribute) == "AXWebArea", let url = attribute(here, kAXURLAttribute).0 {
            if let url = url as? URL { return url.absoluteString }
            if let url = url as? String { return url }
        }
        current = asElement(attribute(here, kAXParentAttribute).0)
    }
    return nil
}

func sameElement(_ a: AXUIElement?, _ b: AXUIElement) -> Bool {
    guard let a = a else { return false }
    return CFEqual(a, b)
}

var anchors: [String: AXUIElement] = [:]
var anchorOrder: [String] = []
var nextHandle = 0

func appElement(_ request: [String: Any]) throws -> AXUIElement {
    guard AXIsProcessTrusted() else { throw Refused(code: "no-permission") }
    guard let pid = request["pid"] as? Int32 ?? (request["pid"] as? Int).map({ Int32($0) }) else { throw Refused(code: "bad-request") }
    let app = AXUIElementCreateApplication(pid)
    _ = AXUIElementSetAttributeValue(app, manualAccessibility as CFString, kCFBooleanTrue)
    return app
}

func focusedWindow(_ app: AXUIElement) throws -> AXUIElement {
    let (value, error) = attribute(app, kAXFocusedWindowAttribute)
    guard error == .success else { throw refusal(error) }
    guard let window = asElement(value) else { throw Refused(code: "no-window") }
    return window
}

/// The focused element, only if it is in the focused window: never another window's.
func focusedElement(_ app: AXUIElement, in window: AXUIElement) -> AXUIElement? {
    guard let focused = asElement(attribute(app, kAXFocusedUIElementAttribute).0) else { return nil }
    if sameElement(focused, window) { return focused }
    return sameElement(asElement(attribute(focused, kAXWindowAttribute).0), window) ? focused : nil
}

func readWindow(_ request: [String: Any]) throws -> [String: Any] {
    let app = try appElement(request)
    let window = try focusedWindow(app)
    var answer: [String: Any] = [
        "app": ["name": string(app, kAXTitleAttribute) ?? ""],
        "window": ["title": string(window, kAXTitleAttribute) ?? ""],
    ]
    let focused = focusedElement(app, in: window)
    if let url = documentURL(window, focused) { answer["document"] = ["url": url] }
    guard let focused = focused else { return answer }
    let secure = isSecure(focused)
    answer["focused"] = ["role": string(focused, kAXRoleAttribute) ?? "", "secure": secure] as [String: Any]
    if secure { return answer }
    if var selected = selection(of: focused, request) {
        nextHandle += 1
        let handle = "m\(nextHandle)"
        anchors[handle] = focused
        anchorOrder.append(handle)
        if anchorOrder.count > 16 { anchors.removeValue(forKey: anchorOrder.removeFirst()) }
        selected["handle"] = handle
        answer["selection"] = selected
    } else if let text = focusedText(focused, request["textLimit"] as? Int ?? 4096) {
        answer["text"] = text
    }
    return answer
}

/// The start of the focused element's text, only as much as the limit (never its whole value if it can be asked for less).
func focusedText(_ element: AXUIElement, _ limit: Int) -> [String: Any]? {
    let count = attribute(element, kAXNumberOfCharactersAttribute).0 as? Int
    var text: String? = nil
    if let count = count {
        text = parameterized(element, kAXStringForRangeParameterizedAttribute, axRange(0, min(count, limit))) as? String
    }
    if text == nil, let value = string(element, kAXValueAttribute) { text = String(value.prefix(limit)) }
    guard let value = text, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
    let answer: [String: Any] = ["value": value, "truncated": (count ?? 0) > limit]
    return answer
}

func locate(_ request: [String: Any]) throws -> [String: Any] {
    var focused = (request["handle"] as? String).flatMap { anchors[$0] }
    if focused == nil {
        let app = try appElement(request)
        let window = try focusedWindow(app)
        focused = focusedElement(app, in: window)
    }
    guard let element = focused, !isSecure(element), let now = selection(of: element, request) else { return ["state": "gone"] }
    let ranges = request["ranges"] as? [[Int]] ?? []
    guard (now["ranges"] as? [[Int]]) == ranges, (now["text"] as? String) == (request["text"] as? String) else { return ["state": "gone"] }
    return ["state": "visible", "rects": now["rects"] ?? [[String: Double]]()]
}

func reply(_ object: [String: Any]) {
    // Every request gets its line: one that cannot be encoded (a NaN) still says so.
    let id = object["id"] ?? NSNull()
    var data = (try? JSONSerialization.data(withJSONObject: object, options: []))
        ?? (try? JSONSerialization.data(withJSONObject: ["id": id, "ok": false, "code": "failed", "detail": "unencodable answer"] as [String: Any], options: []))
        ?? Data()
    data.append(0x0A)
    FileHandle.standardOutput.write(data)
}

while let line = readLine(strippingNewline: true) {
    var id: Any = NSNull()
    do {
        guard let request = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { throw Refused(code: "bad-request") }
        id = request["id"] ?? NSNull()
        // Every call to an app gives up before Glance's own limit kills this process.
        let seconds = Float(request["timeoutMs"] as? Int ?? 1000) / 1000
        _ = AXUIElementSetMessagingTimeout(AXUIElementCreateSystemWide(), seconds)
        let op = request["op"] as? String
        let answer: [String: Any]
        if op == "read" { answer = try readWindow(request) }
        else if op == "locate" { answer = try locate(request) }
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
