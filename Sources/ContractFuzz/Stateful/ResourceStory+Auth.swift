import ContractKit
import JSONSchema

/// Who may do what to an item: no credential or a wrong one must be refused (`ignored_auth`), and
/// another identity must not reach an item it did not create (`object_level_authorization`).
extension ResourceStory {
    /// Calls every secured operation of the resource without credentials and with a wrong one,
    /// where the run knows a credential (else there is nothing to compare): a 2xx is
    /// `ignored_auth`; an answer the operation does not declare is `status_code_conformance`, as
    /// for any request. Replaces, updates and deletes act on an item created for the purpose,
    /// never on the story's own. The read comes first: where the server asks for credentials
    /// without any (401) but refuses the wrong one as not allowed (403), it read the wrong one as
    /// an identity of its own (Kinto's basic auth takes any user and password), so that
    /// identity's own listing and creates succeed by right, not by ignoring authentication.
    mutating func checkIgnoredAuth(
        _ item: LiveValues.Address, parent: LiveValues.Address, live: inout LiveValues
    ) async {
        guard let auth = contract.auth else { return }
        var target: LiveValues.Address?
        for role in [Resource.Role.read, .list, .create, .update, .replace, .delete] {
            guard let endpoint = endpoint(role), !isPastDeadline, !auth.allowsAnonymous(endpoint.id),
                !auth.schemes(for: endpoint.id).isEmpty
            else { continue }
            var statuses: [Int?] = []
            for (label, credentials) in [
                ("without credentials", ContractAuth?.none),
                ("with a wrong credential", auth.withWrongCredentials()),
            ] {
                if role.isItemRole && role != .read && target == nil {
                    target = await create(parent: parent, live: &live)
                }
                let address = role == .read ? item : role.isItemRole ? target : parent
                guard let address,
                    let request = await probe(role, endpoint, at: address, parent: parent, live: live)
                else { continue }
                let step = await send(request, auth: .some(credentials))
                statuses.append(step.status)
                if case .success(let response) = step.answer {
                    checkAnswer(response, to: step.record, endpoint: endpoint)
                }
                if step.succeeded, role == .create,
                    let created = chosenAddress(
                        request.path[resource.idParameter ?? ""] ?? nil, parent: parent)
                        ?? self.address(from: step, parent: parent)
                {
                    live.created(created, of: resource.name)
                }
                if step.succeeded, role == .delete, let target {
                    live.forget(item: target, of: resource.name)
                }
                if step.succeeded, role == .delete { target = nil }
                // The wrong credential's own listing and creates, once the server told it apart.
                let ownScope = credentials != nil && live.wrongCredentialIsAnIdentity && !role.isItemRole
                judgeIgnoredAuth(step, endpoint: endpoint, label, ownScope: ownScope)
            }
            if role == .read, statuses == [401, 403] { live.wrongCredentialIsAnIdentity = true }
        }
    }

    /// The request of one credentials probe: a valid one, as a client with credentials would send.
    private mutating func probe(
        _ role: Resource.Role, _ endpoint: Endpoint, at address: LiveValues.Address,
        parent: LiveValues.Address,
        live: LiveValues
    ) async -> RequestDraft? {
        switch role {
        case .list:
            return listDraft(endpoint, parent: parent, limit: nil)
        case .read, .delete:
            return draft(endpoint, at: address)
        case .create:
            guard var request = validDraft(for: endpoint, at: parent, live: live) else { return nil }
            if resource.createsOnItem, let parameter = resource.idParameter {
                request.path[parameter] = chosenID(for: endpoint, parameter: parameter, attempt: draws)
            }
            return request
        case .update, .replace:
            guard var request = validDraft(for: endpoint, at: address, live: live) else { return nil }
            request.body = keepingID(request.body, of: address, current: nil)
            return request
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

    /// `ignored_auth` for one request sent `label` ("without credentials", "with a wrong
    /// credential"): a success is a finding, any refusal passes. `ownScope` is a success of a wrong
    /// credential the server reads as an identity of its own, on what that identity may reach
    /// (its listing, its creates, paths that name no item): it passes.
    mutating func judgeIgnoredAuth(
        _ step: StoryStep, endpoint: Endpoint, _ label: String, ownScope: Bool = false
    ) {
        judged(
            .ignoredAuth, on: endpoint.id,
            step.succeeded && !ownScope
                ? log.finding(
                    .ignoredAuth, "\(endpoint.displayName) answered \(step.status ?? 0) \(label)",
                    expected: "401 or 403: the operation is secured", actual: String(step.status ?? 0)
                ) : nil)
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
