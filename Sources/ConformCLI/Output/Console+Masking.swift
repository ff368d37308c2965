import ContractKit

extension Console {
    /// This console with every secret value replaced by the redaction mask in everything it
    /// prints, a last line of defence for values that reach a message (a finding quoting a token).
    func masking(_ secrets: [String]) -> Console {
        let secrets = secrets.filter { !$0.isEmpty }
        guard !secrets.isEmpty else { return self }
        let redaction = Redaction(secretValues: secrets)
        var masked = self
        let (out, err, errInline) = (self.out, self.err, self.errInline)
        masked.out = { out(redaction.scrub($0, secrets: secrets)) }
        masked.err = { err(redaction.scrub($0, secrets: secrets)) }
        masked.errInline = { errInline(redaction.scrub($0, secrets: secrets)) }
        return masked
    }
}
