public import JSONSchema

/// What a server stores of a sent value when it keeps everything the client wrote and adds what
/// it knows: the sent object's members over the stored object's, object members merged in turn;
/// any other value replaces.
///
/// The mock stores a sent member this way where it does not fit the item as sent (Prefect's task
/// run is created with a `state` of `type` and `message`, and read with a `state` that also has an
/// id and a timestamp), and `stored_as_sent` compares a member only where the sent value, stored
/// so, fits the item's read schema: the mock and the checker agree on what "kept as sent" means.
public enum SentOverlay {
    /// `sent` laid over `stored`.
    public static func value(_ sent: JSONValue, over stored: JSONValue?) -> JSONValue {
        overlay(sent, over: stored, depth: 0)
    }

    private static func overlay(_ sent: JSONValue, over stored: JSONValue?, depth: Int) -> JSONValue {
        guard depth < 32, case .object(let members) = sent, case .object(var whole)? = stored else {
            return sent
        }
        for member in members.members {
            whole[member.key] = overlay(member.value, over: whole[member.key], depth: depth + 1)
        }
        return .object(whole)
    }
}
