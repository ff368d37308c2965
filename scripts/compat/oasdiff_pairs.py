#!/usr/bin/env python3
"""Writes version pairs derived from oasdiff's test suite into a cache folder, for
oasdiff_agreement.py.

oasdiff documents its tests' verdicts in docs/BREAKING-CHANGES-EXAMPLES.md ("... is breaking",
"... is breaking with warn", "... is not breaking", each linked to its Go test). Each entry below
reproduces one of those tests as a minimal pair of OpenAPI 3.1 descriptions written for this
script (no file of oasdiff's is copied), with the verdict the test gives it:

  breaking       the test asserts an error-level change
  warning        "breaking with warn" / "(optional)": a change at level warning, not an error
  not-breaking   the test asserts no breaking change

A second group reproduces the tests behind the misses issue #36 lists (pattern added to a request
property, parameter defaults, properties added under allOf/oneOf/anyOf, prefixItems, const, `not`)
and its false breaks (maxLength set on a path parameter, a pattern deleted, a response header
string -> integer), from oasdiff's data/checker tests and catalogue levels.

Usage:
  scripts/compat/oasdiff_pairs.py CACHE_DIR        # writes CACHE_DIR/derived/*.json and
                                                   # CACHE_DIR/manifest-derived.tsv
  scripts/compat/oasdiff_agreement.py CACHE_DIR    # then measures agreement

Pairs copied by hand from oasdiff's repository (data/checker/*_base.yaml and *_revision.yaml,
read with the search tool or a clone) go in the same cache with their own manifest-*.tsv rows;
they stay out of this repository.
"""
import copy
import json
import os
import sys

EXAMPLES = "oasdiff docs/BREAKING-CHANGES-EXAMPLES.md"


def document(slots):
    """The template: POST /pets/{petId} with a path parameter, a JSON body and a 200 response."""
    path = slots.get("path", "/pets/{petId}")
    name = path.split("{")[-1].rstrip("}") if "{" in path else None
    parameters = []
    if name:
        parameters.append({"name": name, "in": "path", "required": True,
                           "schema": slots.get("pathSchema", {"type": "string"})})
    parameters += slots.get("parameters", [])
    operation = {"operationId": "updatePet", "parameters": parameters}
    if slots.get("request", {}) != "none":
        operation["requestBody"] = {
            "required": slots.get("requestRequired", True),
            "content": slots.get("requestContent",
                                 {"application/json": {"schema": slots.get("request", {"type": "object"})}}),
        }
    response = {"description": "ok"}
    response["content"] = slots.get("responseContent", {"application/json": {"schema": slots.get(
        "response", {"type": "object", "properties": {"id": {"type": "string"}}})}})
    if "responseHeaders" in slots:
        response["headers"] = slots["responseHeaders"]
    operation["responses"] = slots.get("responses", {"200": response})
    for key in ("security", "deprecated", "x-sunset"):
        if key in slots:
            operation[key] = slots[key]
    paths = {} if slots.get("noOperation") else {path: {"post": operation}}
    paths.update(slots.get("extraPaths", {}))
    root = {"openapi": slots.get("openapi", "3.1.0"), "info": {"title": "pairs", "version": "1"}, "paths": paths}
    components = {}
    if "components" in slots:
        components["schemas"] = slots["components"]
    if "securitySchemes" in slots:
        components["securitySchemes"] = slots["securitySchemes"]
    if components:
        root["components"] = components
    if "webhooks" in slots:
        root["webhooks"] = slots["webhooks"]
    return root


def obj(**properties):
    return {"type": "object", "properties": properties}


S = {"type": "string"}
I = {"type": "integer"}
N = {"type": "number"}
PET = {"Pet": obj(id=S, name=S)}
PET_REQ = {"Pet": {"type": "object", "required": ["id", "name"], "properties": {"id": S, "name": S}}}


def q(name, schema, required=False, where="query", **extra):
    parameter = {"name": name, "in": where, "required": required, "schema": schema}
    parameter.update(extra)
    return parameter


# (id, test, verdict, old slots, new slots)
PAIRS = [
    # --- breaking -------------------------------------------------------------------------
    ("allof-added-request", "check_breaking_test.go#L703", "breaking",
     {"request": {"allOf": [obj(a=S)]}}, {"request": {"allOf": [obj(a=S), {"type": "object", "required": ["b"], "properties": {"b": S}}]}}),
    ("oneof-added-response", "check_response_property_one_of_updated_test.go#L12", "breaking",
     {"response": {"oneOf": [obj(a=S), obj(b=I)]}}, {"response": {"oneOf": [obj(a=S), obj(b=I), obj(c=N)]}}),
    ("new-required-request-property", "check_breaking_property_test.go#L353", "breaking",
     {"request": obj(a=S)}, {"request": {"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}}),
    ("pattern-added", "check_breaking_test.go#L449", "breaking",
     {"request": obj(name=S)}, {"request": obj(name={"type": "string", "pattern": "^[a-z]+$"})}),
    ("pattern-added-recursive", "check_breaking_test.go#L466", "breaking",
     {"request": {"$ref": "#/components/schemas/Node"}, "components": {"Node": obj(name=S, child={"$ref": "#/components/schemas/Node"})}},
     {"request": {"$ref": "#/components/schemas/Node"}, "components": {"Node": obj(name={"type": "string", "pattern": "^[a-z]+$"}, child={"$ref": "#/components/schemas/Node"})}}),
    ("required-request-body-added", "check_breaking_test.go#L37", "breaking",
     {"request": "none"}, {"request": obj(a=S)}),
    ("request-body-became-enum", "check_breaking_property_test.go#L123", "breaking",
     {"request": S}, {"request": {"type": "string", "enum": ["a", "b"]}}),
    ("request-body-type-and-enum", "check_breaking_property_test.go#L153", "breaking",
     {"request": N}, {"request": {"type": "string", "enum": ["a", "b"]}}),
    ("request-property-not-nullable", "check_breaking_property_test.go#L233", "breaking",
     {"request": obj(a={"type": ["string", "null"]})}, {"request": obj(a=S)}),
    ("response-required-optional-and-deleted", "check_breaking_property_test.go#L281", "breaking",
     {"response": {"type": "object", "required": ["a", "b"], "properties": {"a": S, "b": S}}},
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("response-body-nullable", "check_breaking_property_test.go#L217", "breaking",
     {"response": obj(a=S)}, {"response": {"type": ["object", "null"], "properties": {"a": S}}}),
    ("response-property-nullable", "check_breaking_property_test.go#L249", "breaking",
     {"response": obj(a=S)}, {"response": obj(a={"type": ["string", "null"]})}),
    ("response-property-optional-under-allof", "check_breaking_property_test.go#L660", "breaking",
     {"response": {"allOf": [{"type": "object", "required": ["a"], "properties": {"a": S}}]}},
     {"response": {"allOf": [{"type": "object", "properties": {"a": S}}]}}),
    ("additional-response-property-type", "check_response_property_type_changed_test.go#L150", "breaking",
     {"response": {"type": "object", "additionalProperties": I}}, {"response": {"type": "object", "additionalProperties": S}}),
    ("embedded-additional-property-type", "check_response_property_type_changed_test.go#L172", "breaking",
     {"response": obj(m={"type": "object", "additionalProperties": I})}, {"response": obj(m={"type": "object", "additionalProperties": S})}),
    ("embedded-response-property-nullable", "check_breaking_property_test.go#L265", "breaking",
     {"response": obj(o=obj(a=S))}, {"response": obj(o=obj(a={"type": ["string", "null"]}))}),
    ("header-param-became-required", "check_breaking_test.go#L166", "breaking",
     {"parameters": [q("X-A", S, where="header")]}, {"parameters": [q("X-A", S, True, where="header")]}),
    ("path-param-became-enum", "check_breaking_property_test.go#L185", "breaking",
     {}, {"pathSchema": {"type": "string", "enum": ["a", "b"]}}),
    ("request-anyof-property-required", "check_breaking_property_test.go#L628", "breaking",
     {"request": {"anyOf": [obj(a=S), obj(b=S)]}}, {"request": {"anyOf": [{"type": "object", "required": ["a"], "properties": {"a": S}}, obj(b=S)]}}),
    ("request-items-property-required", "check_breaking_property_test.go#L597", "breaking",
     {"request": {"type": "array", "items": obj(a=S)}}, {"request": {"type": "array", "items": {"type": "object", "required": ["a"], "properties": {"a": S}}}}),
    ("request-property-became-enum", "check_breaking_property_test.go#L169", "breaking",
     {"request": obj(a=S)}, {"request": obj(a={"type": "string", "enum": ["x"]})}),
    ("header-property-became-enum", "check_breaking_property_test.go#L201", "breaking",
     {"parameters": [q("X-F", obj(a=S), where="header")]}, {"parameters": [q("X-F", obj(a={"type": "string", "enum": ["x"]}), where="header")]}),
    ("request-property-became-required", "check_breaking_property_test.go#L337", "breaking",
     {"request": obj(a=S)}, {"request": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("header-property-became-required", "check_breaking_property_test.go#L57", "breaking",
     {"parameters": [q("X-F", obj(a=S), where="header")]}, {"parameters": [q("X-F", {"type": "object", "required": ["a"], "properties": {"a": S}}, where="header")]}),
    ("response-property-became-optional", "check_breaking_property_test.go#L107", "breaking",
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}, {"response": obj(a=S)}),
    ("nested-request-property-required", "check_breaking_property_test.go#L644", "breaking",
     {"request": obj(o=obj(a=S))}, {"request": obj(o={"type": "object", "required": ["a"], "properties": {"a": S}})}),
    ("request-body-became-required", "check_breaking_test.go#L55", "breaking",
     {"request": obj(a=S), "requestRequired": False}, {"request": obj(a=S)}),
    ("response-required-not-write-only", "check_breaking_property_test.go#L561", "breaking",
     {"response": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "writeOnly": True}}}},
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("response-header-became-optional", "check_breaking_test.go#L190", "breaking",
     {"responseHeaders": {"X-R": {"required": True, "schema": S}}}, {"responseHeaders": {"X-R": {"schema": S}}}),
    ("request-max-length-set", "check_breaking_min_max_test.go#L110", "breaking",
     {"request": obj(a=S)}, {"request": obj(a={"type": "string", "maxLength": 10})}),
    ("response-max-length-unset", "check_breaking_min_max_test.go#L160", "breaking",
     {"response": obj(a={"type": "string", "maxLength": 10})}, {"response": obj(a=S)}),
    ("request-number-to-integer", "check_breaking_request_type_changed_test.go#L52", "breaking",
     {"request": N}, {"request": I}),
    ("request-number-to-string", "check_breaking_request_type_changed_test.go#L32", "breaking",
     {"request": N}, {"request": S}),
    ("request-number-to-int32", "check_breaking_request_type_changed_test.go#L92", "breaking",
     {"request": N}, {"request": {"type": "integer", "format": "int32"}}),
    ("request-string-to-number", "check_breaking_request_type_changed_test.go#L12", "breaking",
     {"request": S}, {"request": N}),
    ("query-param-property-number-to-string", "check_request_parameters_type_changed_test.go#L208", "breaking",
     {"parameters": [q("f", obj(a=N))]}, {"parameters": [q("f", obj(a=S))]}),
    ("response-integer-to-number", "check_breaking_response_type_changed_test.go#L70", "breaking",
     {"response": I}, {"response": N}),
    ("response-number-to-string", "check_breaking_response_type_changed_test.go#L32", "breaking",
     {"response": N}, {"response": S}),
    ("response-string-to-number", "check_breaking_response_type_changed_test.go#L12", "breaking",
     {"response": S}, {"response": N}),
    ("response-embedded-string-to-int32", "check_breaking_response_type_changed_test.go#L109", "breaking",
     {"response": obj(a=S)}, {"response": obj(a={"type": "integer", "format": "int32"})}),
    ("response-media-type-deleted", "check_breaking_test.go#L418", "breaking",
     {"responseContent": {"application/json": {"schema": S}, "application/xml": {"schema": S}}},
     {"responseContent": {"application/json": {"schema": S}}}),
    ("response-optional-property-deleted", "check_breaking_property_test.go#L512", "warning",
     {"response": obj(a=S, b=S)}, {"response": obj(a=S)}),
    ("path-removed", "check_api_removed_test.go#L12", "breaking",
     {"extraPaths": {"/gone": {"get": {"responses": {"200": {"description": "ok"}}}}}}, {}),
    ("request-required-property-deleted", "check_breaking_property_test.go#L369", "warning",
     {"request": {"type": "object", "required": ["a", "b"], "properties": {"a": S, "b": S}}},
     {"request": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("response-required-property-deleted", "check_breaking_property_test.go#L421", "breaking",
     {"response": {"type": "object", "required": ["a", "b"], "properties": {"a": S, "b": S}}},
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("response-required-under-allof-deleted", "check_breaking_property_test.go#L451", "breaking",
     {"response": {"allOf": [{"type": "object", "required": ["a", "b"], "properties": {"a": S, "b": S}}]}},
     {"response": {"allOf": [{"type": "object", "required": ["a"], "properties": {"a": S}}]}}),
    ("request-embedded-optional-deleted", "check_breaking_property_test.go#L386", "warning",
     {"request": obj(o=obj(a=S, b=S))}, {"request": obj(o=obj(a=S))}),
    ("enum-value-deleted", "check_breaking_test.go#L77", "breaking",
     {"request": obj(a={"type": "string", "enum": ["x", "y"]})}, {"request": obj(a={"type": "string", "enum": ["x"]})}),
    ("operation-deleted", "check_api_removed_test.go#L20", "breaking",
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}, "put": {"responses": {"200": {"description": "ok"}}}}}},
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}),
    ("operation-deleted-before-sunset", "check_api_removed_test.go#L51", "breaking",
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}, "put": {"deprecated": True, "x-sunset": "2999-01-01", "responses": {"200": {"description": "ok"}}}}}},
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}),
    ("request-min-items-increased", "check_request_property_min_items_increased_test.go#L12", "breaking",
     {"request": {"type": "array", "items": S, "minItems": 1}}, {"request": {"type": "array", "items": S, "minItems": 3}}),
    ("response-max-length-increased", "check_breaking_min_max_test.go#L93", "breaking",
     {"response": obj(a={"type": "string", "maxLength": 10})}, {"response": obj(a={"type": "string", "maxLength": 20})}),
    ("request-min-items-increased-2", "check_breaking_min_max_test.go#L236", "breaking",
     {"request": obj(a={"type": "array", "items": S, "minItems": 1})}, {"request": obj(a={"type": "array", "items": S, "minItems": 2})}),
    ("pattern-modified", "check_breaking_test.go#L483", "warning",
     {"request": obj(a={"type": "string", "pattern": "^[a-z]+$"})}, {"request": obj(a={"type": "string", "pattern": "^[a-z0-9]+$"})}),
    ("parameter-pattern-modified", "check_breaking_test.go#L515", "warning",
     {"parameters": [q("f", {"type": "string", "pattern": "^[a-z]+$"})]}, {"parameters": [q("f", {"type": "string", "pattern": "^[0-9]+$"})]}),
    ("optional-parameter-default-modified", "check_breaking_test.go#L546", "breaking",
     {"parameters": [q("f", {"type": "string", "default": "a"})]}, {"parameters": [q("f", {"type": "string", "default": "b"})]}),
    ("new-required-header-param", "check_breaking_test.go#L149", "breaking",
     {}, {"parameters": [q("X-A", S, True, where="header")]}),
    ("new-required-path-param", "check_breaking_test.go#L132", "breaking",
     {"extraPaths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}},
     {"extraPaths": {"/a": {"get": {"parameters": [q("X-B", S, True, where="header")], "responses": {"200": {"description": "ok"}}}}}}),
    ("new-required-header-property", "check_breaking_property_test.go#L18", "breaking",
     {"parameters": [q("X-F", obj(a=S), where="header")]}, {"parameters": [q("X-F", {"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}, where="header")]}),
    ("request-max-decreased", "check_breaking_min_max_test.go#L264", "breaking",
     {"request": obj(a={"type": "integer", "maximum": 10})}, {"request": obj(a={"type": "integer", "maximum": 5})}),
    ("request-max-length-decreased", "check_breaking_min_max_test.go#L12", "breaking",
     {"request": obj(a={"type": "string", "maxLength": 10})}, {"request": obj(a={"type": "string", "maxLength": 5})}),
    ("response-min-items-decreased", "check_breaking_min_max_test.go#L220", "breaking",
     {"response": obj(a={"type": "array", "items": S, "minItems": 3})}, {"response": obj(a={"type": "array", "items": S, "minItems": 1})}),
    ("response-min-length-decreased", "check_breaking_min_max_test.go#L62", "breaking",
     {"response": obj(a={"type": "string", "minLength": 3})}, {"response": obj(a={"type": "string", "minLength": 1})}),
    ("anyof-removed-request", "check_breaking_test.go#L660", "breaking",
     {"request": {"anyOf": [obj(a=S), obj(b=I)]}}, {"request": {"anyOf": [obj(a=S)]}}),
    ("oneof-removed-request", "check_breaking_test.go#L682", "breaking",
     {"request": {"oneOf": [obj(a=S), obj(b=I)]}}, {"request": {"oneOf": [obj(a=S)]}}),
    ("request-media-type-removed", "check_breaking_test.go#L644", "breaking",
     {"requestContent": {"application/json": {"schema": S}, "application/xml": {"schema": S}}},
     {"requestContent": {"application/json": {"schema": S}}}),
    ("success-status-removed", "check_response_status_updated_test.go#L87", "breaking",
     {"responses": {"200": {"description": "ok"}, "201": {"description": "made"}}}, {"responses": {"200": {"description": "ok"}}}),
    ("optional-response-header-removed", "check_breaking_test.go#L398", "warning",
     {"responseHeaders": {"X-R": {"schema": S}}}, {}),
    ("required-response-header-removed", "check_breaking_test.go#L207", "breaking",
     {"responseHeaders": {"X-R": {"required": True, "schema": S}}}, {}),
    ("success-response-removed", "check_breaking_test.go#L227", "breaking",
     {"responses": {"200": {"description": "ok"}, "204": {"description": "none"}}}, {"responses": {"204": {"description": "none"}}}),
    ("request-body-removed", "check_request_body_removed_test.go#L12", "breaking",
     {"request": obj(a=S)}, {"request": "none"}),
    ("optional-parameter-default-removed", "check_breaking_test.go#L582", "breaking",
     {"parameters": [q("f", {"type": "string", "default": "a"})]}, {"parameters": [q("f", S)]}),
    ("optional-parameter-default-set", "check_breaking_test.go#L564", "breaking",
     {"parameters": [q("f", S)]}, {"parameters": [q("f", {"type": "string", "default": "a"})]}),
    ("query-param-property-string-to-number", "check_request_parameters_type_changed_test.go#L225", "breaking",
     {"parameters": [q("f", obj(a=S))]}, {"parameters": [q("f", obj(a=N))]}),
    # --- not breaking ---------------------------------------------------------------------
    ("response-media-type-added", "check_not_breaking_test.go#L184", "not-breaking",
     {"responseContent": {"application/json": {"schema": S}}}, {"responseContent": {"application/json": {"schema": S}, "application/xml": {"schema": S}}}),
    ("response-required-property-added", "check_breaking_property_test.go#L407", "not-breaking",
     {"response": obj(a=S)}, {"response": {"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}}),
    ("response-required-under-allof-added", "check_breaking_property_test.go#L437", "not-breaking",
     {"response": {"allOf": [obj(a=S)]}}, {"response": {"allOf": [{"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}]}}),
    ("request-required-read-only-added", "check_breaking_property_test.go#L467", "not-breaking",
     {"request": obj(a=S)}, {"request": {"type": "object", "required": ["b"], "properties": {"a": S, "b": {"type": "string", "readOnly": True}}}}),
    ("request-nonexistent-required", "check_breaking_property_test.go#L295", "not-breaking",
     {"request": obj(a=S)}, {"request": {"type": "object", "required": ["zz"], "properties": {"a": S}}}),
    ("enum-value-added", "check_not_breaking_test.go#L82", "not-breaking",
     {"request": obj(a={"type": "string", "enum": ["x"]})}, {"request": obj(a={"type": "string", "enum": ["x", "y"]})}),
    ("request-body-enum-value-added", "check_breaking_property_test.go#L139", "not-breaking",
     {"request": {"type": "string", "enum": ["x"]}}, {"request": {"type": "string", "enum": ["x", "y"]}}),
    ("optional-request-body-added", "check_not_breaking_test.go#L38", "not-breaking",
     {"request": "none"}, {"request": obj(a=S), "requestRequired": False}),
    ("request-items-required-with-default", "check_breaking_property_test.go#L614", "not-breaking",
     {"request": {"type": "array", "items": obj(a=S)}}, {"request": {"type": "array", "items": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "default": "x"}}}}}),
    ("request-property-became-optional", "check_breaking_property_test.go#L323", "not-breaking",
     {"request": {"type": "object", "required": ["a"], "properties": {"a": S}}}, {"request": obj(a=S)}),
    ("header-property-became-optional", "check_breaking_property_test.go#L83", "not-breaking",
     {"parameters": [q("X-F", {"type": "object", "required": ["a"], "properties": {"a": S}}, where="header")]}, {"parameters": [q("X-F", obj(a=S), where="header")]}),
    ("response-property-became-required", "check_breaking_property_test.go#L309", "not-breaking",
     {"response": obj(a=S)}, {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("request-read-only-became-required", "check_breaking_property_test.go#L481", "not-breaking",
     {"request": obj(a={"type": "string", "readOnly": True})}, {"request": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "readOnly": True}}}}),
    ("response-required-became-write-only", "check_breaking_property_test.go#L547", "not-breaking",
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}, {"response": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "writeOnly": True}}}}),
    ("response-write-only-became-optional", "check_breaking_property_test.go#L533", "not-breaking",
     {"response": {"type": "object", "required": ["a"], "properties": {"a": {"type": "string", "writeOnly": True}}}}, {"response": obj(a={"type": "string", "writeOnly": True})}),
    ("comments-changed", "check_not_breaking_test.go#L106", "not-breaking",
     {"request": obj(a={"type": "string", "description": "one"})}, {"request": obj(a={"type": "string", "description": "two"})}),
    ("extensions-changed", "check_not_breaking_test.go#L94", "not-breaking",
     {"request": obj(a={"type": "string", "x-a": 1})}, {"request": obj(a={"type": "string", "x-a": 2})}),
    ("request-max-length-unset", "check_breaking_min_max_test.go#L144", "not-breaking",
     {"request": obj(a={"type": "string", "maxLength": 10})}, {"request": obj(a=S)}),
    ("response-max-length-set", "check_breaking_min_max_test.go#L128", "not-breaking",
     {"response": obj(a=S)}, {"response": obj(a={"type": "string", "maxLength": 10})}),
    ("request-integer-to-number", "check_breaking_request_type_changed_test.go#L72", "not-breaking",
     {"request": I}, {"request": N}),
    ("response-number-to-integer", "check_breaking_response_type_changed_test.go#L52", "not-breaking",
     {"response": N}, {"response": I}),
    ("response-number-to-int32", "check_breaking_response_type_changed_test.go#L90", "not-breaking",
     {"response": N}, {"response": {"type": "integer", "format": "int32"}}),
    ("deprecated-operation-deleted", "check_api_removed_test.go#L69", "not-breaking",
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}, "put": {"deprecated": True, "responses": {"200": {"description": "ok"}}}}}},
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}),
    ("operation-deleted-after-sunset", "check_api_removed_test.go#L36", "not-breaking",
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}, "put": {"deprecated": True, "x-sunset": "2001-01-01", "responses": {"200": {"description": "ok"}}}}}},
     {"extraPaths": {"/pets": {"get": {"responses": {"200": {"description": "ok"}}}}}}),
    ("path-deleted-after-sunset", "check_api_removed_test.go#L157", "not-breaking",
     {"extraPaths": {"/old": {"get": {"deprecated": True, "x-sunset": "2001-01-01", "responses": {"200": {"description": "ok"}}}}}}, {}),
    ("pattern-deleted", "check_breaking_test.go#L435", "not-breaking",
     {"response": obj(a={"type": "string", "pattern": "^[a-z]+$"})}, {"response": obj(a=S)}),
    ("request-pattern-deleted", "check_breaking_test.go#L435", "not-breaking",
     {"request": obj(a={"type": "string", "pattern": "^[a-z]+$"})}, {"request": obj(a=S)}),
    ("response-required-write-only-deleted", "check_breaking_property_test.go#L495", "not-breaking",
     {"response": {"type": "object", "required": ["a", "b"], "properties": {"a": S, "b": {"type": "string", "writeOnly": True}}}},
     {"response": {"type": "object", "required": ["a"], "properties": {"a": S}}}),
    ("operation-deprecated", "check_not_breaking_test.go#L213", "not-breaking",
     {}, {"deprecated": True}),
    ("request-min-items-decreased", "check_request_property_min_items_increased_test.go#L35", "not-breaking",
     {"request": {"type": "array", "items": S, "minItems": 3}}, {"request": {"type": "array", "items": S, "minItems": 1}}),
    ("request-max-length-increased", "check_breaking_min_max_test.go#L76", "not-breaking",
     {"request": obj(a={"type": "string", "maxLength": 10})}, {"request": obj(a={"type": "string", "maxLength": 20})}),
    ("response-min-items-increased", "check_breaking_min_max_test.go#L250", "not-breaking",
     {"response": obj(a={"type": "array", "items": S, "minItems": 1})}, {"response": obj(a={"type": "array", "items": S, "minItems": 3})}),
    ("pattern-to-anything", "check_breaking_test.go#L501", "not-breaking",
     {"request": obj(a={"type": "string", "pattern": "^[a-z]+$"})}, {"request": obj(a={"type": "string", "pattern": ".*"})}),
    ("required-parameter-default-modified", "check_breaking_test.go#L600", "not-breaking",
     {"parameters": [q("f", {"type": "string", "default": "a"}, True)]}, {"parameters": [q("f", {"type": "string", "default": "b"}, True)]}),
    ("new-optional-header-param", "check_not_breaking_test.go#L118", "not-breaking",
     {}, {"parameters": [q("X-A", S, where="header")]}),
    ("new-optional-header-property", "check_breaking_property_test.go#L39", "not-breaking",
     {"parameters": [q("X-F", obj(a=S), where="header")]}, {"parameters": [q("X-F", obj(a=S, b=S), where="header")]}),
    ("new-required-response-header", "check_not_breaking_test.go#L152", "not-breaking",
     {}, {"responseHeaders": {"X-R": {"required": True, "schema": S}}}),
    ("no-change", "check_not_breaking_test.go#L27", "not-breaking", {}, {}),
    ("response-max-decreased", "check_breaking_min_max_test.go#L281", "not-breaking",
     {"response": obj(a={"type": "integer", "maximum": 10})}, {"response": obj(a={"type": "integer", "maximum": 5})}),
    ("response-max-length-decreased", "check_breaking_min_max_test.go#L31", "not-breaking",
     {"response": obj(a={"type": "string", "maxLength": 10})}, {"response": obj(a={"type": "string", "maxLength": 5})}),
    ("request-min-items-reduced", "check_breaking_min_max_test.go#L206", "not-breaking",
     {"request": obj(a={"type": "array", "items": S, "minItems": 3})}, {"request": obj(a={"type": "array", "items": S, "minItems": 1})}),
    ("request-min-length-reduced", "check_breaking_min_max_test.go#L48", "not-breaking",
     {"request": obj(a={"type": "string", "minLength": 3})}, {"request": obj(a={"type": "string", "minLength": 1})}),
    ("error-response-removed", "check_breaking_test.go#L382", "not-breaking",
     {"responses": {"200": {"description": "ok"}, "404": {"description": "missing"}}}, {"responses": {"200": {"description": "ok"}}}),
    ("path-param-renamed", "check_breaking_test.go#L112", "not-breaking",
     {"path": "/pets/{petId}"}, {"path": "/pets/{id}"}),
    # --- the misses and false breaks issue #36 lists (data/checker tests, catalogue levels) --
    ("request-property-pattern-added", "check_request_property_pattern_added_or_changed_test.go (catalogue: error)", "breaking",
     {"request": obj(o=obj(code=S))}, {"request": obj(o=obj(code={"type": "string", "pattern": "^[A-Z]{3}$"}))}),
    ("request-property-added-under-allof", "check_request_property_updated_test.go via allOf", "breaking",
     {"request": {"allOf": [obj(a=S)]}}, {"request": {"allOf": [obj(a=S), {"type": "object", "required": ["b"], "properties": {"b": S}}]}}),
    ("request-property-added-under-oneof", "check_request_property_updated_test.go via oneOf", "breaking",
     {"request": {"oneOf": [obj(a=S), obj(c=I)]}}, {"request": {"oneOf": [{"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}, obj(c=I)]}}),
    ("request-property-added-under-anyof", "check_request_property_updated_test.go via anyOf", "breaking",
     {"request": {"anyOf": [obj(a=S), obj(c=I)]}}, {"request": {"anyOf": [{"type": "object", "required": ["b"], "properties": {"a": S, "b": S}}, obj(c=I)]}}),
    ("request-prefix-items-added", "prefix_items_added_{base,revision}.yaml (request-body-prefix-items-added)", "breaking",
     {"request": {"type": "array", "items": S}}, {"request": {"type": "array", "prefixItems": [S, I]}}),
    ("response-prefix-items-added", "prefix_items_added_{base,revision}.yaml (response-body-prefix-items-added)", "not-breaking",
     {"response": {"type": "array", "items": S}}, {"response": {"type": "array", "prefixItems": [S, S], "items": S}}),
    ("request-const-changed", "const change in a request property", "breaking",
     {"request": obj(kind={"const": "a"})}, {"request": obj(kind={"const": "b"})}),
    ("response-const-changed", "const change in a response property", "breaking",
     {"response": obj(kind={"const": "a"})}, {"response": obj(kind={"const": "b"})}),
    ("path-param-max-length-set", "request_parameter_max_length_set test (level warn)", "warning",
     {}, {"pathSchema": {"type": "string", "maxLength": 32}}),
    ("response-header-string-to-integer", "response header schema type (text on the wire)", "not-breaking",
     {"responseHeaders": {"X-C": {"schema": S}}}, {"responseHeaders": {"X-C": {"schema": I}}}),
    ("request-not-traversed", "not_{base,revision}.yaml: TestBackwardCompatibility_TraversesNotSubSchema", "breaking",
     {"request": {"type": "object", "not": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 10}}}}},
     {"request": {"type": "object", "not": {"type": "object", "properties": {"a": {"type": "string", "maxLength": 5}}}}}),
    ("request-then-traversed", "sub_schema_traversal_{base,revision}.yaml: min increased under then", "breaking",
     {"request": {"type": "object", "if": {"properties": {"k": {"const": 1}}}, "then": {"properties": {"n": {"type": "integer", "minimum": 1}}}}},
     {"request": {"type": "object", "if": {"properties": {"k": {"const": 1}}}, "then": {"properties": {"n": {"type": "integer", "minimum": 5}}}}}),
    ("request-not-added", "not_{base,revision}.yaml (a narrowing request change)", "breaking",
     {"request": obj(a=S)}, {"request": obj(a={"type": "string", "not": {"enum": ["x"]}})}),
]


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    cache = sys.argv[1]
    folder = os.path.join(cache, "derived")
    os.makedirs(folder, exist_ok=True)
    rows = ["id\tbase\trevision\tverdict\tlevel\tscope\trules\tplace\ttest"]
    for pair_id, test, verdict, old, new in PAIRS:
        for side, slots in (("base", old), ("revision", new)):
            with open(os.path.join(folder, "%s-%s.json" % (pair_id, side)), "w", encoding="utf-8") as handle:
                json.dump(document(copy.deepcopy(slots)), handle, indent=1)
        level = {"breaking": "error", "warning": "warning", "not-breaking": "none"}[verdict]
        rows.append("\t".join([
            pair_id, "derived/%s-base.json" % pair_id, "derived/%s-revision.json" % pair_id,
            "breaking" if verdict == "breaking" else "not-breaking", level, "all", "-", "-",
            "%s: %s" % (EXAMPLES, test)]))
    with open(os.path.join(cache, "manifest-derived.tsv"), "w", encoding="utf-8") as handle:
        handle.write("\n".join(rows) + "\n")
    print("wrote %d pairs to %s" % (len(PAIRS), folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
