public import OpenAPIRuntime

/// The pet store's API module: `Client`, `APIProtocol`, `Components` and `Operations` are
/// generated from `openapi.yaml` at build time by swift-openapi-generator's plugin.
public enum PetStoreAPI {
    /// The coding rules the app's client is made with: the runtime's defaults, whose date
    /// transcoder reads RFC 3339 dates without fractional seconds only. The tests fuzz the
    /// generated types with exactly these rules, so what they find is what the app meets.
    public static let clientConfiguration = Configuration()
}
