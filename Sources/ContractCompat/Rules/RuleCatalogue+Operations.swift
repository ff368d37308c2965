extension RuleCatalogue {
    /// The rules about operations, parameters, bodies, statuses, media types, headers, security and
    /// the descriptions themselves.
    static let operationRules: [CompatRule] = [
        rule(
            "api-removed-without-deprecation", .error, .operation,
            "`DELETE /orders/{id}` is gone and was never deprecated"),
        rule(
            "api-removed-with-deprecation", .info, .operation,
            "`DELETE /orders/{id}`, deprecated before, is gone"),
        rule(
            "api-path-removed-without-deprecation", .error, .operation,
            "the path `/orders/{id}` and its operations are gone"),
        rule(
            "api-path-removed-with-deprecation", .info, .operation,
            "the deprecated path `/orders/{id}` is gone"),
        rule(
            "api-removed-before-sunset", .error, .operation,
            "`DELETE /orders/{id}` is gone before the `x-sunset` date its deprecation announced"),
        rule(
            "api-path-removed-before-sunset", .error, .operation,
            "the path `/orders/{id}` is gone before the `x-sunset` date of one of its operations"),
        rule("endpoint-added", .info, .operation, "`POST /orders/{id}/refund` is new"),
        rule("endpoint-deprecated", .info, .operation, "`GET /menu` gained `deprecated: true`"),
        rule("endpoint-reactivated", .info, .operation, "`GET /menu` lost `deprecated: true`"),
        rule(
            "api-security-removed", .error, .operation,
            "`GET /menu` no longer accepts the `apiKey` scheme, only `bearer`"),
        rule("api-security-added", .info, .operation, "`GET /menu` now names the `bearer` scheme"),
        rule(
            "new-required-request-parameter", .error, .request,
            "the query parameter `region` is new and required"),
        rule(
            "new-optional-request-parameter", .info, .request,
            "the query parameter `region` is new and optional"),
        rule("request-parameter-removed", .warning, .request, "the query parameter `legacy` is gone"),
        rule(
            "request-parameter-became-required", .error, .request,
            "the query parameter `limit` became required"),
        rule(
            "request-parameter-became-optional", .info, .request,
            "the query parameter `limit` became optional"),
        rule("request-body-added-required", .error, .request, "`POST /order` now requires a body"),
        rule("request-body-added-optional", .info, .request, "`POST /order` now accepts an optional body"),
        rule("request-body-removed", .error, .request, "`POST /order` no longer declares a body"),
        rule("request-body-became-required", .error, .request, "the body of `POST /order` became required"),
        rule("request-body-became-optional", .info, .request, "the body of `POST /order` became optional"),
        rule(
            "request-body-media-type-added", .info, .request, "`POST /order` also accepts `application/xml`"),
        rule(
            "request-body-media-type-removed", .error, .request,
            "`POST /order` no longer accepts `application/xml`"),
        rule("response-success-status-removed", .error, .response, "`GET /menu` no longer declares 200"),
        rule("response-success-status-added", .info, .response, "`POST /order` now also declares 202"),
        rule("response-non-success-status-removed", .info, .response, "`GET /menu` no longer declares 404"),
        rule("response-non-success-status-added", .info, .response, "`GET /menu` now declares 429"),
        rule(
            "response-media-type-removed", .error, .response,
            "the 200 response is no longer sent as `application/xml`"),
        rule("response-media-type-added", .info, .response, "the 200 response may also be `text/csv`"),
        rule(
            "required-response-header-removed", .error, .response,
            "the required header `Location` of 201 is gone"),
        rule(
            "optional-response-header-removed", .warning, .response,
            "the optional header `X-Rate-Limit` of 200 is gone"),
        rule(
            "response-header-added", .info, .response, "the 200 response declares the header `X-Request-Id`"),
        rule(
            "response-header-became-optional", .error, .response,
            "the header `Location` of 201 became optional"),
        rule("response-header-became-required", .info, .response, "the header `ETag` of 200 became required"),
        rule(
            "description-part-unreadable", .warning, .operation,
            "a `$ref` in the new file names nothing, so that part is not compared"),
    ]
}
