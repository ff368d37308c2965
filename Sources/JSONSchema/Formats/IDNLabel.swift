/// Checks on internationalized host name labels (U-labels): the IDNA 2008 code point rules of
/// RFC 5891/5892 (with the contextual rules of its appendix A) and the Bidi rule of RFC 5893.
///
/// Swift's Unicode tables do not expose IDNA derived properties or Bidi classes, so those are
/// approximated from general categories, combining classes and script blocks.
enum IDNLabel {
    private static let exceptionsValid: Set<UInt32> = [0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007]
    private static let exceptionsInvalid: Set<UInt32> = [
        0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B,
    ]

    /// Whether `label` (already decoded from Punycode if it was an A-label) is a valid U-label.
    static func isValid(_ label: String) -> Bool {
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.first, first != "-", scalars.last != "-" else { return false }
        if scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-" { return false }
        if isMark(first) { return false }
        for (index, scalar) in scalars.enumerated() {
            guard isCodePointAllowed(scalar) else { return false }
            guard contextHolds(scalars, index) else { return false }
        }
        let arabicIndic = scalars.contains { (0x0660...0x0669).contains($0.value) }
        let extendedArabicIndic = scalars.contains { (0x06F0...0x06F9).contains($0.value) }
        return !(arabicIndic && extendedArabicIndic)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    private static func isCodePointAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
                || scalar == "-"
        }
        if exceptionsValid.contains(scalar.value) { return true }
        if exceptionsInvalid.contains(scalar.value) { return false }
        if [0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x200C, 0x200D].contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .otherLetter, .modifierLetter, .titlecaseLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default:
            return false
        }
    }

    /// The CONTEXTJ and CONTEXTO rules of RFC 5892 appendix A.
    private static func contextHolds(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        let previous = index > 0 ? scalars[index - 1] : nil
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch scalars[index].value {
        case 0x00B7:
            return previous == "l" && next == "l"
        case 0x0375:
            return next.map(isGreek) ?? false
        case 0x05F3, 0x05F4:
            return previous.map(isHebrew) ?? false
        case 0x30FB:
            return scalars.contains { isJapaneseOrHan($0) && $0.value != 0x30FB }
        case 0x200D:
            return previous.map(isVirama) ?? false
        case 0x200C:
            if previous.map(isVirama) ?? false { return true }
            return (previous.map(isJoining) ?? false) && (next.map(isJoining) ?? false)
        default:
            return true
        }
    }

    private static func isVirama(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.canonicalCombiningClass.rawValue == 9
    }

    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    private static func isHebrew(_ scalar: Unicode.Scalar) -> Bool {
        (0x0590...0x05FF).contains(scalar.value)
    }

    private static func isJapaneseOrHan(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            || (0x4E00...0x9FFF).contains(scalar.value) || (0x20000...0x2FA1F).contains(scalar.value)
    }

    /// Letters of scripts with cursive joining (Arabic, Syriac, N'Ko, Mongolian), for ZWNJ.
    private static func isJoining(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let joiningScript = (0x0600...0x08FF).contains(value) || (0x1800...0x18AF).contains(value)
        return joiningScript && scalar.properties.isAlphabetic
    }

    /// Right-to-left letters (Bidi classes R and AL), by script block.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let block =
            (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
            || (0xFE70...0xFEFF).contains(value)
        return block && scalar.properties.isAlphabetic
    }

    /// Whether a label satisfies the Bidi rule of RFC 5893, for names that contain right-to-left text.
    static func satisfiesBidiRule(_ label: String) -> Bool {
        let scalars = Array(label.unicodeScalars)
        guard let first = scalars.first else { return false }
        let isDigit: (Unicode.Scalar) -> Bool = { $0.properties.generalCategory == .decimalNumber }
        if isRightToLeft(first) {
            let hasLeftToRight = scalars.contains {
                !isRightToLeft($0) && $0.properties.isAlphabetic && !isMark($0)
            }
            let arabicDigits = scalars.contains { (0x0660...0x0669).contains($0.value) }
            let europeanDigits = scalars.contains { isDigit($0) && !(0x0660...0x0669).contains($0.value) }
            let last = scalars.last { !isMark($0) } ?? first
            return !hasLeftToRight && !(arabicDigits && europeanDigits)
                && (isRightToLeft(last) || isDigit(last))
        }
        guard first.properties.isAlphabetic, !isMark(first) else { return false }
        let last = scalars.last { !isMark($0) } ?? first
        return !scalars.contains(where: isRightToLeft) && (last.properties.isAlphabetic || isDigit(last))
    }
}
