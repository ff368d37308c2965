/// Schemas for the standard JSON benchmark files (nativejson-benchmark's `twitter.json`,
/// `citm_catalog.json` and `canada.json`), written here as an API contract would describe them: each
/// holds `enum`, `pattern` and (where the data has a URI or a date) `format`, so validation reads
/// every string and number the way a real response check does.
///
/// Each is the `$defs` of a schema whose `document` definition describes one file; `CorpusDocument`
/// wraps it for one copy or for the array of copies the whole-process race reads.
enum CorpusSchemas {
    /// Statuses with users and entities: non-ASCII text, escapes, URLs, ids as digit strings.
    static let twitter = #"""
        {
          "document": {
            "type": "object", "required": ["statuses", "search_metadata"],
            "properties": {
              "statuses": {"type": "array", "items": {"$ref": "#/$defs/status"}},
              "search_metadata": {
                "type": "object", "required": ["count", "query"],
                "properties": {
                  "count": {"type": "integer", "minimum": 1}, "completed_in": {"type": "number", "minimum": 0},
                  "max_id": {"type": "integer"}, "max_id_str": {"$ref": "#/$defs/digits"},
                  "since_id_str": {"$ref": "#/$defs/digits"}, "query": {"type": "string", "minLength": 1},
                  "next_results": {"type": "string", "pattern": "^\\?max_id=[0-9]+&"},
                  "refresh_url": {"type": "string", "pattern": "^\\?since_id=[0-9]+&"}
                }
              }
            }
          },
          "status": {
            "type": "object", "required": ["created_at", "id", "id_str", "text", "user", "entities", "lang"],
            "properties": {
              "metadata": {
                "type": "object", "required": ["result_type"],
                "properties": {
                  "result_type": {"enum": ["recent", "popular", "mixed"]},
                  "iso_language_code": {"type": "string", "pattern": "^[a-z]{2,3}(-[a-z]+)?$"}
                }
              },
              "created_at": {"$ref": "#/$defs/date"}, "id": {"type": "integer", "minimum": 0},
              "id_str": {"$ref": "#/$defs/digits"}, "text": {"type": "string", "minLength": 1, "maxLength": 1000},
              "source": {"type": "string", "pattern": "^(<a href=\"https?://[^\"]+\" rel=\"nofollow\">.*</a>|web)$"},
              "truncated": {"type": "boolean"},
              "in_reply_to_status_id": {"type": ["integer", "null"]},
              "in_reply_to_status_id_str": {"anyOf": [{"$ref": "#/$defs/digits"}, {"type": "null"}]},
              "in_reply_to_user_id": {"type": ["integer", "null"]},
              "in_reply_to_user_id_str": {"anyOf": [{"$ref": "#/$defs/digits"}, {"type": "null"}]},
              "in_reply_to_screen_name": {"anyOf": [{"$ref": "#/$defs/screenName"}, {"type": "null"}]},
              "user": {"$ref": "#/$defs/user"}, "entities": {"$ref": "#/$defs/entities"},
              "geo": {"type": ["object", "null"]}, "coordinates": {"type": ["object", "null"]},
              "place": {"type": ["object", "null"]},
              "retweet_count": {"type": "integer", "minimum": 0}, "favorite_count": {"type": "integer", "minimum": 0},
              "favorited": {"type": "boolean"}, "retweeted": {"type": "boolean"},
              "possibly_sensitive": {"type": "boolean"},
              "lang": {"enum": ["ja", "zh", "en", "ko", "es", "it", "fr", "de", "und"]},
              "retweeted_status": {"$ref": "#/$defs/status"}
            }
          },
          "user": {
            "type": "object", "required": ["id", "id_str", "name", "screen_name", "created_at"],
            "properties": {
              "id": {"type": "integer", "minimum": 0}, "id_str": {"$ref": "#/$defs/digits"},
              "name": {"type": "string", "minLength": 1, "maxLength": 50},
              "screen_name": {"$ref": "#/$defs/screenName"}, "location": {"type": "string"},
              "description": {"type": "string", "maxLength": 500},
              "url": {"type": ["string", "null"], "format": "uri"},
              "entities": {"type": "object", "additionalProperties": {"$ref": "#/$defs/urlList"}},
              "protected": {"type": "boolean"}, "verified": {"type": "boolean"},
              "followers_count": {"type": "integer", "minimum": 0}, "friends_count": {"type": "integer", "minimum": 0},
              "listed_count": {"type": "integer", "minimum": 0}, "favourites_count": {"type": "integer", "minimum": 0},
              "statuses_count": {"type": "integer", "minimum": 0},
              "created_at": {"$ref": "#/$defs/date"}, "utc_offset": {"type": ["integer", "null"]},
              "time_zone": {"type": ["string", "null"]},
              "lang": {"type": "string", "pattern": "^[a-z]{2}(-[a-z]{2})?$"},
              "profile_background_color": {"$ref": "#/$defs/color"},
              "profile_link_color": {"$ref": "#/$defs/color"},
              "profile_sidebar_border_color": {"$ref": "#/$defs/color"},
              "profile_sidebar_fill_color": {"$ref": "#/$defs/color"},
              "profile_text_color": {"$ref": "#/$defs/color"},
              "profile_background_image_url": {"$ref": "#/$defs/link"},
              "profile_background_image_url_https": {"$ref": "#/$defs/link"},
              "profile_image_url": {"$ref": "#/$defs/link"}, "profile_image_url_https": {"$ref": "#/$defs/link"},
              "profile_banner_url": {"$ref": "#/$defs/link"}
            }
          },
          "entities": {
            "type": "object",
            "properties": {
              "hashtags": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["text", "indices"],
                  "properties": {"text": {"type": "string", "minLength": 1}, "indices": {"$ref": "#/$defs/indices"}}
                }
              },
              "symbols": {"type": "array"},
              "urls": {"type": "array", "items": {"$ref": "#/$defs/url"}},
              "user_mentions": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["screen_name", "id", "indices"],
                  "properties": {
                    "screen_name": {"$ref": "#/$defs/screenName"}, "name": {"type": "string"},
                    "id": {"type": "integer"}, "id_str": {"$ref": "#/$defs/digits"}, "indices": {"$ref": "#/$defs/indices"}
                  }
                }
              },
              "media": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["id", "media_url", "type"],
                  "properties": {
                    "id": {"type": "integer"}, "id_str": {"$ref": "#/$defs/digits"}, "indices": {"$ref": "#/$defs/indices"},
                    "media_url": {"$ref": "#/$defs/link"}, "media_url_https": {"$ref": "#/$defs/link"},
                    "url": {"$ref": "#/$defs/link"}, "expanded_url": {"$ref": "#/$defs/link"},
                    "type": {"enum": ["photo", "video", "animated_gif"]},
                    "sizes": {
                      "type": "object",
                      "additionalProperties": {
                        "type": "object", "required": ["w", "h", "resize"],
                        "properties": {
                          "w": {"type": "integer", "minimum": 1}, "h": {"type": "integer", "minimum": 1},
                          "resize": {"enum": ["fit", "crop"]}
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "urlList": {"type": "object", "properties": {"urls": {"type": "array", "items": {"$ref": "#/$defs/url"}}}},
          "url": {
            "type": "object", "required": ["url", "indices"],
            "properties": {
              "url": {"$ref": "#/$defs/link"}, "expanded_url": {"$ref": "#/$defs/link"},
              "display_url": {"type": "string"}, "indices": {"$ref": "#/$defs/indices"}
            }
          },
          "indices": {"type": "array", "items": {"type": "integer", "minimum": 0}, "minItems": 2, "maxItems": 2},
          "link": {"type": "string", "format": "uri", "pattern": "^https?://"},
          "digits": {"type": "string", "pattern": "^[0-9]+$"},
          "screenName": {"type": "string", "pattern": "^[A-Za-z0-9_]{1,15}$"},
          "color": {"type": "string", "pattern": "^[0-9A-Fa-f]{6}$"},
          "date": {
            "type": "string",
            "pattern": "^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [0-3][0-9] [0-2][0-9]:[0-5][0-9]:[0-6][0-9] [+-][0-9]{4} [0-9]{4}$"
          }
        }
        """#

    /// A concert catalogue: maps keyed by numeric ids, many small objects and integers, indented
    /// with spaces (most of the file is whitespace).
    static let citmCatalog = #"""
        {
          "document": {
            "type": "object", "required": ["events", "performances", "venueNames"],
            "properties": {
              "areaNames": {"$ref": "#/$defs/names"}, "audienceSubCategoryNames": {"$ref": "#/$defs/names"},
              "blockNames": {"$ref": "#/$defs/names"}, "seatCategoryNames": {"$ref": "#/$defs/names"},
              "subTopicNames": {"$ref": "#/$defs/names"}, "subjectNames": {"$ref": "#/$defs/names"},
              "topicNames": {"$ref": "#/$defs/names"},
              "topicSubTopics": {"type": "object", "additionalProperties": {"$ref": "#/$defs/ids"}},
              "events": {"type": "object", "additionalProperties": {"$ref": "#/$defs/event"}},
              "performances": {"type": "array", "items": {"$ref": "#/$defs/performance"}},
              "venueNames": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1}}
            }
          },
          "names": {"type": "object", "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 200}},
          "ids": {"type": "array", "items": {"type": "integer", "minimum": 1}},
          "logo": {"type": ["string", "null"], "format": "uri-reference", "pattern": "^/images/[A-Za-z0-9+/=]+$"},
          "event": {
            "type": "object", "required": ["id", "name", "topicIds"],
            "properties": {
              "id": {"type": "integer", "minimum": 1}, "name": {"type": "string", "minLength": 1},
              "description": {"type": ["string", "null"]}, "logo": {"$ref": "#/$defs/logo"},
              "subTopicIds": {"$ref": "#/$defs/ids"}, "topicIds": {"$ref": "#/$defs/ids"},
              "subjectCode": {"type": ["string", "null"]}, "subtitle": {"type": ["string", "null"]}
            },
            "additionalProperties": false
          },
          "performance": {
            "type": "object", "required": ["eventId", "id", "prices", "seatCategories", "start", "venueCode"],
            "properties": {
              "eventId": {"type": "integer", "minimum": 1}, "id": {"type": "integer", "minimum": 1},
              "logo": {"$ref": "#/$defs/logo"}, "name": {"type": ["string", "null"]},
              "prices": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["amount", "seatCategoryId"],
                  "properties": {
                    "amount": {"type": "integer", "minimum": 0}, "audienceSubCategoryId": {"type": "integer"},
                    "seatCategoryId": {"type": "integer"}
                  }
                }
              },
              "seatCategories": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["areas", "seatCategoryId"],
                  "properties": {
                    "seatCategoryId": {"type": "integer"},
                    "areas": {
                      "type": "array",
                      "items": {
                        "type": "object", "required": ["areaId", "blockIds"],
                        "properties": {"areaId": {"type": "integer"}, "blockIds": {"$ref": "#/$defs/ids"}}
                      }
                    }
                  }
                }
              },
              "seatMapImage": {"type": ["string", "null"]},
              "start": {"type": "integer", "minimum": 1000000000000},
              "venueCode": {"enum": ["PLEYEL_PLEYEL"]}
            },
            "additionalProperties": false
          }
        }
        """#

    /// A GeoJSON polygon: nearly all numbers with 15 to 17 significant digits. No value of the file
    /// is a URI, date or address, so this schema has no `format`.
    static let canada = #"""
        {
          "document": {
            "type": "object", "required": ["type", "features"],
            "properties": {
              "type": {"enum": ["FeatureCollection"]},
              "features": {"type": "array", "items": {"$ref": "#/$defs/feature"}}
            }
          },
          "feature": {
            "type": "object", "required": ["type", "geometry"],
            "properties": {
              "type": {"enum": ["Feature"]},
              "properties": {"type": "object", "properties": {"name": {"type": "string", "pattern": "^[A-Z][a-z]+$"}}},
              "geometry": {
                "type": "object", "required": ["type", "coordinates"],
                "properties": {
                  "type": {"enum": ["Polygon", "MultiPolygon"]},
                  "coordinates": {"type": "array", "items": {"$ref": "#/$defs/ring"}}
                }
              }
            }
          },
          "ring": {"type": "array", "minItems": 4, "items": {"$ref": "#/$defs/position"}},
          "position": {
            "type": "array", "minItems": 2, "maxItems": 3,
            "prefixItems": [
              {"type": "number", "minimum": -180, "maximum": 180},
              {"type": "number", "minimum": -90, "maximum": 90}
            ]
          }
        }
        """#
}
