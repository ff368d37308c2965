import ContractKit
import JSONSchema

/// Who may do what to an item: no credential or a wrong one must be refused (`ignored_auth`), and
/// another identity must not reach an item it did not create (`object_level_authorization`).
extension ResourceStory {
    /// Reads the item, and creates one, without credentials and with a wrong credential, where
    /// the operation is secured and the run knows a credential (else there is nothing to compare).
    mutating func checkIgnoredAuth(
        _ item: LiveValues.Address, parent: LiveValues.Address, live: inout LiveValues
    ) async {
        guard let auth = contract.auth else { return }
        for role in [Resource.Role.read, .create] {
            guard let endpoint = endpoint(role), !isPastDeadline, !auth.allowsAnonymous(endpoint.id),
                !auth.schemes(for: endpoint.id).isEmpty
            else { continue }
            var request = draft(endpoint, at: role == .read ? item : parent)
            if role == .create {
                guard let body = validBody(for: endpoint, live: live) else { continue }
                request.body = body
            }
            for (label, credentials) in [
                ("without credentials", ContractAuth?.none),
                ("with a wrong credential", auth.withWrongCredentials()),
            ] {
                let step = await send(request, auth: .some(credentials))
                if step.succeeded, role == .create, let address = address(from: step, parent: parent) {
                    live.created(address, of: resource.name)
                }
                judged(
                    .ignoredAuth, on: endpoint.id,
                    step.succeeded
                        ? log.finding(
                            .ignoredAuth, "\(endpoint.displayName) answered \(step.status ?? 0) \(label)",
                            expected: "401 or 403: the operation is secured", actual: String(step.status ?? 0)
                        ) : nil)
            }
        }
    }

    /// With a second identity (`--auth-other`): the item one identity created must not be read,
    /// changed or deleted by the other.
    mutating func checkOtherIdentity(_ item: LiveValues.Address, live: inout LiveValues) async {
        guard let other = fuzzer.otherAuth else { return }
        for role in [Resource.Role.read, .update, .replace, .delete] {
            guard let endpoint = endpoint(role), !isPastDeadline, !other.schemes(for: endpoint.id).isEmpty
            else {
                continue
            }
            var request = draft(endpoint, at: item)
            if role == .update || role == .replace {
                guard let body = validBody(for: endpoint, live: live) else { continue }
                request.body = body
            }
            let step = await send(request, auth: .some(other))
            if step.succeeded && role == .delete { live.forget(item: item, of: resource.name) }
            judged(
                .objectLevelAuthorization, on: endpoint.id,
                step.succeeded
                    ? log.finding(
                        .objectLevelAuthorization,
                        "another identity's \(endpoint.displayName) answered \(step.status ?? 0) on an item it did not create",
                        expected: "401, 403 or 404 for the other identity", actual: String(step.status ?? 0))
                    : nil)
            if step.succeeded && role == .delete { return }
        }
    }
}

extension ContractAuth {
    /// The same schemes with every known credential changed, so it is wrong but well-formed.
    func withWrongCredentials() -> ContractAuth {
        var copy = self
        for index in copy.schemes.indices {
            guard let credential = copy.schemes[index].credential else { continue }
            // Nothing of the real credential is kept: a wrong one must not reveal it.
            if case .basic = copy.schemes[index].kind, credential.contains(":") {
                copy.schemes[index].credential = "conform-wrong-user:conform-wrong-password"
            } else {
                copy.schemes[index].credential = "conform-wrong-credential"
            }
        }
        return copy
    }
}
