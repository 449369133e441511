/// The layout of `--help`: two columns wrapped at 100 terminal columns, where a Chinese
/// character takes two columns and a Chinese line may break between any two of its characters.
enum HelpColumns {
    /// The columns `text` takes on a terminal (``TextFormatting/displayWidth(_:)``).
    /// - Complexity: O(length of `text`).
    static func width(_ text: some StringProtocol) -> Int { TextFormatting.displayWidth(text) }

    /// Two columns: the left padded to the widest entry (at most 26), the right wrapped at 100.
    /// - Complexity: O(length of the rows).
    static func table(_ rows: [(String, String)]) -> String {
        let width = min(26, rows.map { $0.0.count }.max() ?? 0) + 2
        var text = ""
        for (left, right) in rows {
            var line = "  " + left
            var column = line.count
            if left.count + 2 > width {
                text += line + "\n"
                line = ""
                column = 0
            }
            line += String(repeating: " ", count: width + 2 - column)
            let prefix = String(repeating: " ", count: width + 2)
            var current = line
            var currentWidth = Self.width(current)
            for word in right.split(separator: " ", omittingEmptySubsequences: false) {
                for (index, piece) in pieces(of: word).enumerated() {
                    // Words are parted by a space; the pieces of a Chinese run are not.
                    let separator = index == 0 && currentWidth != prefix.count ? " " : ""
                    if currentWidth + separator.count + Self.width(piece) > 100, currentWidth > prefix.count {
                        text += current + "\n"
                        current = prefix + piece
                        currentWidth = prefix.count + Self.width(piece)
                    } else {
                        current += separator + piece
                        currentWidth += separator.count + Self.width(piece)
                    }
                }
            }
            text += current + "\n"
        }
        return text
    }

    /// A word cut where a line may break inside it: before and after each wide character (a
    /// closing mark such as a full-width comma stays with what comes before it); a word without one
    /// is one piece.
    private static func pieces(of word: Substring) -> [Substring] {
        guard word.unicodeScalars.contains(where: TextFormatting.isWide) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            let wide = word[index].unicodeScalars.contains(where: TextFormatting.isWide)
            let nextWide = next < word.endIndex && word[next].unicodeScalars.contains(where: TextFormatting.isWide)
            let nextClosing = next < word.endIndex && word[next].unicodeScalars.first.map { Self.closing.contains($0.value) } == true
            let opening = word[index].unicodeScalars.first.map { Self.opening.contains($0.value) } == true
            if (wide || nextWide) && !nextClosing && next < word.endIndex && !opening {
                pieces.append(word[start..<next])
                start = next
            }
            index = next
        }
        pieces.append(word[start...])
        return pieces
    }

    /// Marks a line does not start with: the full-width comma, full stop, semicolon, colon,
    /// enumeration comma, closing bracket and quotes, exclamation and question marks.
    private static let closing: Set<UInt32> = [0xFF0C, 0x3002, 0xFF1B, 0xFF1A, 0x3001, 0xFF09, 0x300D, 0x300F, 0x201D, 0xFF01, 0xFF1F, 0x300B]
    /// Marks a line does not end with: the full-width opening bracket and quotes.
    private static let opening: Set<UInt32> = [0xFF08, 0x300C, 0x300E, 0x201C, 0x300A]
}
