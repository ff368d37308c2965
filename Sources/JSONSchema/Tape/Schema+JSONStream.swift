extension Schema {
    /// Whether the JSON text in `bytes` is valid, decided while the text is read
    /// (`StreamValidator`): no tape or `JSONValue` of the whole document is built, so a large
    /// document costs little more memory than its text. `conform validate` hands it a mapped file.
    ///
    /// - Parameter progress: told now and then the offset the reading has passed; bytes before it
    ///   are seldom read again (the keys of objects still open are), so a caller holding the text
    ///   in a file mapping may let the system drop those pages.
    /// - Returns: nil when the text is not JSON or names a key twice: read it with `JSONParser`
    ///   (or `isValid(json:)` on its bytes) for the error or the duplicates.
    public func isValidWhileReading(
        json bytes: UnsafeRawBufferPointer, options: JSONParser.Options = .default,
        progress: ((Int) -> Void)? = nil
    ) -> Bool? {
        switch streamedVerdict(bytes.bindMemory(to: UInt8.self), options: options, progress: progress) {
        case .valid: return true
        case .invalid: return false
        case .undecided: return nil
        }
    }

    /// The streaming validator's verdict on `bytes`, run on a stack deep enough for it.
    func streamedVerdict(
        _ bytes: UnsafeBufferPointer<UInt8>, options: JSONParser.Options, progress: ((Int) -> Void)?
    ) -> StreamValidator.Verdict {
        guard !program.usesDynamicScope, bytes.count < Int(UInt32.max) else {
            return .undecided(tooDeep: false)
        }
        let input = StreamInput(bytes: bytes, progress: progress)
        // A large text starts on a large stack (a thread costs little beside reading it); a small
        // one is read here, and again on a large stack only if it nests too deep for this one.
        let large = bytes.count >= 1 << 20
        let verdict = LargeStack.run(depth: large ? .max : 0) {
            stream(input, options: options, depthCap: large ? .max : LargeStack.inlineDepth)
        }
        if case .undecided(tooDeep: true) = verdict, !large {
            return LargeStack.run(depth: .max) { stream(input, options: options, depthCap: .max) }
        }
        return verdict
    }

    private func stream(_ input: StreamInput, options: JSONParser.Options, depthCap: Int)
        -> StreamValidator.Verdict
    {
        let tapeProgram = program.tapeProgram
        return tapeProgram.withTables { tables in
            tapeProgram.stream.nodes.withUnsafeBufferPointer { nodes in
                tapeProgram.stream.frames.withUnsafeBufferPointer { frames in
                    tapeProgram.stream.slots.withUnsafeBufferPointer { slots in
                        let scanner = TapeScanner(
                            bytes: input.bytes, maximumDepth: options.maximumDepth, capacity: 256)
                        let validator = TapeValidator(
                            program: program, tapeProgram: tapeProgram, tables: tables,
                            entries: scanner.entries.buffer, bytes: input.bytes)
                        var reader = StreamValidator(
                            scanner: scanner, validator: validator,
                            plan: .init(nodes: nodes, frames: frames, slots: slots),
                            depthCap: depthCap,
                            progress: input.progress)
                        return reader.run(
                            root: program.root, allowsByteOrderMark: options.allowsByteOrderMark)
                    }
                }
            }
        }
    }
}

/// The text and progress callback handed to the thread `LargeStack` runs the reading on.
///
/// `@unchecked Sendable`: the caller waits for that thread, and nothing else touches either.
private struct StreamInput: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let progress: ((Int) -> Void)?
}
