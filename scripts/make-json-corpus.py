#!/usr/bin/env python3
"""Writes Conform's own JSON reading corpus: Tests/JSONSchemaTests/Fixtures/json-corpus/.

Every case is one file. The prefix says what a reader must do:
  y_          accept (valid RFC 8259 JSON text)
  n_          reject
  i_accept_   implementation-defined; Conform accepts it (docs/json-reading.md says why)
  i_reject_   implementation-defined; Conform rejects it
  i_bom_      accepted exactly when the reader skips one UTF-8 byte order mark
Run it from the package root after editing; the files are committed, this script is how they
were made (no case is copied from another corpus).
"""
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Tests", "JSONSchemaTests", "Fixtures", "json-corpus")
cases = {}


def case(name, content):
    data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
    assert name not in cases, name
    cases[name] = data


# ---------------------------------------------------------------- y_: structure
case("y_array_empty", "[]")
case("y_object_empty", "{}")
case("y_array_of_empty_array", "[[]]")
case("y_array_of_empty_object", "[{}]")
case("y_object_with_empty_array", '{"a":[]}')
case("y_array_three_numbers", "[1,2,3]")
case("y_array_mixed_kinds", '[null,true,false,0,"",[],{}]')
case("y_array_spaces_everywhere", " [ 1 , 2 ] ")
case("y_array_tabs", "\t[\t1\t,\t2\t]\t")
case("y_array_newlines", "\n[\n1\n,\n2\n]\n")
case("y_array_crlf", "\r\n[\r\n1\r\n]\r\n")
case("y_array_trailing_space", "[] ")
case("y_array_trailing_newline", "[]\n")
case("y_array_trailing_mixed_whitespace", "[] \t\r\n ")
case("y_array_leading_whitespace", " \t\r\n[]")
case("y_object_simple", '{"a":1}')
case("y_object_two_members", '{"a":1,"b":2}')
case("y_object_spaces", '{ "a" : 1 , "b" : [ ] }')
case("y_object_newlines", '{\n"a"\n:\n1\n}')
case("y_object_empty_key", '{"":0}')
case("y_object_key_with_space", '{" ":0}')
case("y_object_key_escaped", '{"\\n\\t":0}')
case("y_object_key_unicode_escape", '{"\\u00e9":0}')
case("y_object_key_utf8", '{"\u00e9t\u00e9":0}')
case("y_object_nested", '{"a":{"b":{"c":{}}}}')
case("y_object_array_of_objects", '{"items":[{"id":1},{"id":2}]}')
case("y_object_twenty_members", "{" + ",".join('"k%d":%d' % (i, i) for i in range(20)) + "}")
case("y_object_two_hundred_members", "{" + ",".join('"key%03d":[%d]' % (i, i) for i in range(200)) + "}")
case("y_object_duplicate_key", '{"a":1,"a":2}')
case("y_object_duplicate_key_same_value", '{"a":1,"a":1}')
case("y_object_duplicate_key_via_escape", '{"a":1,"\\u0061":2}')
case("y_object_duplicate_key_nested", '{"x":{"a":1,"a":2},"y":[{"b":1,"b":[]}]}')
case("y_object_duplicate_key_twenty_members",
     "{" + ",".join('"k%d":%d' % (i, i) for i in range(20)) + ',"k3":"again"}')
case("y_object_duplicate_empty_key", '{"":1,"":2}')
case("y_object_keys_differ_by_normalization", '{"\u00e9":1,"e\u0301":2}')
case("y_array_of_200_elements", "[" + ",".join(str(i) for i in range(200)) + "]")
case("y_array_nested_mixed", '[[1,[2,[3,{"a":[4]}]]],{"b":{"c":[null]}}]')
case("y_depth_512_arrays", "[" * 512 + "]" * 512)
case("y_depth_512_objects", '{"a":' * 511 + "{}" + "}" * 511)
case("y_depth_512_mixed", '[{"":' * 256 + "0" + "}]" * 256)
case("y_depth_511_arrays_with_scalar", "[" * 511 + "1" + "]" * 511)
case("y_depth_100_wide", "[" * 100 + ",".join(["1"] * 100) + "]" * 100)
case("y_long_string_10000", '"' + "x" * 10000 + '"')
case("y_big_array_1000_objects", "[" + ",".join('{"id":%d,"name":"n%d","ok":true}' % (i, i) for i in range(1000)) + "]")
case("y_pretty_printed", '{\n  "a": [\n    1,\n    2\n  ],\n  "b": {\n    "c": null\n  }\n}\n')

# ---------------------------------------------------------------- y_: top-level scalars (RFC 8259)
case("y_top_number", "2")
case("y_top_negative_zero", "-0")
case("y_top_string", '"x"')
case("y_top_empty_string", '""')
case("y_top_true", "true")
case("y_top_false", "false")
case("y_top_null", "null")
case("y_top_number_spaces", " 1 ")
case("y_top_string_newline_after", '"a"\n')
case("y_top_real", "3.25")

# ---------------------------------------------------------------- y_: numbers
numbers = {
    "zero": "0", "negative_zero": "-0", "one": "1", "minus_one": "-1", "zero_point_zero": "0.0",
    "negative_zero_point_zero": "-0.0", "exp_lower": "1e1", "exp_upper": "1E1", "exp_plus": "1e+1",
    "exp_minus": "1e-1", "exp_upper_plus": "1E+2", "exp_upper_minus": "1E-2", "real_exp": "1.5e10",
    "zero_exp": "0e0", "zero_exp_upper_minus": "0E-0", "zero_exp_plus": "0e+1", "fraction": "0.5",
    "negative_fraction": "-0.125", "many_fraction_digits": "0.000001",
    "int64_max": "9223372036854775807", "int64_min": "-9223372036854775808",
    "int64_max_plus_one": "9223372036854775808", "uint64_max_plus_one": "18446744073709551616",
    "eighteen_digits": "123456789012345678", "nineteen_digits": "1234567890123456789",
    "double_max": "1.7976931348623157e308", "double_min_subnormal": "4.9e-324",
    "exp_leading_zeros": "1e0001", "exp_zero": "1e0", "price": "12.50", "trailing_fraction_zeros": "1.000",
    "negative_exp_real": "-1.5E-3", "minus_zero_exp": "-0e-0", "integer_with_exp_zero": "100e0",
}
for name, literal in numbers.items():
    case("y_number_" + name, "[" + literal + "]")
case("y_number_in_object", '{"n":-12.5e-3}')
case("y_number_many_in_array", "[" + ",".join(["-0.5e-5", "0", "7", "1E3"] * 10) + "]")

# ---------------------------------------------------------------- i_accept_: numbers past Double/Int64
huge = {
    "exp_400": "1E400", "negative_exp_400": "-1e-400", "tiny_exp_400": "1e-400",
    "int_100_digits": "1" + "0" * 99, "negative_int_100_digits": "-" + "9" * 100,
    "fraction_100_digits": "0." + "1234567890" * 10, "exp_huge": "1e1000000000000",
    "exp_huge_negative": "1e-1000000000000", "double_max_overflow": "1.7976931348623157e309",
    "real_100_digits_exp": "1" * 100 + "e-50", "zero_huge_exp": "0e99999999999",
}
for name, literal in huge.items():
    case("i_accept_number_" + name, "[" + literal + "]")
case("i_accept_number_top_exp_400", "1E400")

# ---------------------------------------------------------------- y_: strings
strings = {
    "empty": "", "ascii": "hello", "space": " ", "all_printable_ascii": "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) not in '"\\'),
    "del_raw": "\x7f", "two_byte": "\u00e9", "three_byte": "\u20ac", "four_byte": "\U0001F600",
    "max_scalar_raw": "\U0010FFFF", "noncharacter_fffe_raw": "\ufffe", "noncharacter_ffff_raw": "\uffff",
    "noncharacter_fdd0_raw": "\ufdd0", "noncharacter_plane_1_raw": "\U0001FFFF",
    "line_separator_raw": "\u2028", "paragraph_separator_raw": "\u2029", "nbsp_raw": "\u00a0",
    "bom_inside_raw": "\ufeff", "replacement_char_raw": "\ufffd", "cjk": "\u65e5\u672c\u8a9e",
    "combining": "e\u0301", "mixed_scripts": "a\u00e9\u20ac\U0001F600z",
}
for name, text in strings.items():
    case("y_string_" + name, '["' + text + '"]')
escapes = {
    "quote": '\\"', "backslash": "\\\\", "slash": "\\/", "backspace": "\\b", "formfeed": "\\f",
    "newline": "\\n", "return": "\\r", "tab": "\\t", "u0000": "\\u0000", "u001f": "\\u001f",
    "u0041": "\\u0041", "u007f": "\\u007f", "u00e9_lower": "\\u00e9", "u00E9_upper": "\\u00E9",
    "uFFFF": "\\uFFFF", "uFFFE": "\\uFFFE", "uFDD0": "\\uFDD0", "uFEFF": "\\uFEFF",
    "surrogate_pair": "\\uD834\\uDD1E", "surrogate_pair_lower": "\\ud83d\\ude00",
    "surrogate_pair_max": "\\uDBFF\\uDFFF", "surrogate_pair_min": "\\uD800\\uDC00",
    "u2028": "\\u2028", "all_short_escapes": '\\"\\\\\\/\\b\\f\\n\\r\\t',
    "escape_then_text": "\\nabc", "text_then_escape": "abc\\n", "backslash_then_u": "\\\\u0041",
    "escaped_quote_at_end": 'a\\"', "double_backslash_then_quote": '\\\\', "u0000_twice": "\\u0000\\u0000",
    "slash_unescaped": "/", "many_escapes": "\\u0041" * 50,
}
for name, text in escapes.items():
    case("y_string_escape_" + name, '["' + text + '"]')
case("y_string_as_key_and_value", '{"\\u0000":"\\u0000"}')
case("y_string_long_utf8", '["' + "\u00e9\u20ac\U0001F600" * 500 + '"]')
case("y_string_long_escaped", '["' + "\\n" * 2000 + '"]')
case("y_string_top_with_escapes", '"\\ud83d\\ude00 \\u00e9"')

# ---------------------------------------------------------------- i_reject_: surrogate escapes
# A lone or reversed surrogate escape names no Unicode scalar; Conform rejects it (the string could
# only be kept by replacing it, and a silent change of a server's bytes would hide a bug).
lone = {
    "lone_high": "\\uD800", "lone_low": "\\uDC00", "reversed_pair": "\\uDD1E\\uD834",
    "high_then_ascii": "\\uD800abc", "high_then_escape_non_surrogate": "\\uD800\\u0041",
    "high_high": "\\uD800\\uD800", "high_at_end": "x\\uD834", "low_then_high_then_low": "\\uDC00\\uD800\\uDC00",
    "high_then_newline_escape": "\\uD800\\n", "lone_high_dbff": "\\uDBFF", "lone_low_dfff": "\\uDFFF",
    "high_then_backslash_only": "\\uD800\\\\",
}
for name, text in lone.items():
    case("i_reject_string_" + name, '["' + text + '"]')
case("i_reject_string_lone_surrogate_in_key", '{"\\uD800":1}')
case("i_reject_string_lone_surrogate_top", '"\\uDFAA"')

# ---------------------------------------------------------------- n_: strings
for byte in range(0x00, 0x20):
    case("n_string_unescaped_control_%02x" % byte, b'["a' + bytes([byte]) + b'b"]')
case("n_string_unescaped_control_in_key", b'{"a\x01":1}')
case("n_string_unescaped_newline_top", '"a\nb"')
bad_escapes = {
    "x": "\\x41", "single_quote": "\\'", "a": "\\a", "zero": "\\0", "v": "\\v", "upper_U": "\\U0041",
    "u_no_digits": "\\u", "u_one_digit": "\\u1", "u_two_digits": "\\u12", "u_three_digits": "\\u123",
    "u_bad_digit": "\\u123g", "u_letters": "\\uGGGG", "u_braces": "\\u{41}", "space": "\\ ",
    "e": "\\e", "upper_N": "\\N", "digit": "\\1", "u_minus": "\\u-123", "u_plus": "\\u+123",
    "u_space": "\\u 123", "backslash_newline": "\\\n", "backslash_tab": "\\\t", "percent": "\\%",
    "u_surrogate_then_bad_hex": "\\uD800\\uZZZZ", "u_surrogate_then_short": "\\uD800\\u12",
}
for name, text in bad_escapes.items():
    case("n_string_escape_" + name, '["' + text + '"]')
case("n_string_escape_at_end_of_input", '["\\')
case("n_string_escaped_closing_quote", '["\\"]')
case("n_string_unterminated", '["abc')
case("n_string_unterminated_top", '"abc')
case("n_string_only_quote", '"')
case("n_string_unterminated_after_escape", '["\\u0041')
case("n_string_single_quotes", "['a']")
case("n_string_single_quotes_top", "'a'")
case("n_string_curly_quotes", "[\u201ca\u201d]")
case("n_string_backtick", "[`a`]")
case("n_string_unquoted", "[abc]")
case("n_string_two_strings_no_comma", '["a" "b"]')
case("n_string_concatenated", '["a""b"]')

# ---------------------------------------------------------------- n_: invalid UTF-8
utf8 = {
    "ff": b"\xff", "fe": b"\xfe", "lone_continuation_80": b"\x80", "lone_continuation_bf": b"\xbf",
    "overlong_nul_c080": b"\xc0\x80", "overlong_c1bf": b"\xc1\xbf", "overlong_slash_c0af": b"\xc0\xaf",
    "overlong_3_e08080": b"\xe0\x80\x80", "overlong_3_e09fbf": b"\xe0\x9f\xbf",
    "overlong_4_f0808080": b"\xf0\x80\x80\x80", "overlong_4_f08fbfbf": b"\xf0\x8f\xbf\xbf",
    "truncated_2": b"\xc3", "truncated_3_of_2": b"\xe2\x82", "truncated_3_of_1": b"\xe2",
    "truncated_4_of_3": b"\xf0\x9f\x98", "truncated_4_of_1": b"\xf0",
    "surrogate_high_eda080": b"\xed\xa0\x80", "surrogate_low_edb080": b"\xed\xb0\x80",
    "surrogate_pair_cesu": b"\xed\xa0\xbd\xed\xb8\x80", "surrogate_max_edbfbf": b"\xed\xbf\xbf",
    "above_max_f4908080": b"\xf4\x90\x80\x80", "f5": b"\xf5\x80\x80\x80", "f7": b"\xf7\xbf\xbf\xbf",
    "five_byte_f888808080": b"\xf8\x88\x80\x80\x80", "six_byte_fc8480808080": b"\xfc\x84\x80\x80\x80\x80",
    "c3_then_ascii": b"\xc3a", "e2_then_ascii": b"\xe2\x82a", "two_continuations": b"\x80\x80",
    "latin1_e9": b"caf\xe9", "valid_then_invalid": b"\xc3\xa9\xff", "continuation_after_ascii": b"a\x80",
}
for name, raw in utf8.items():
    case("n_utf8_string_" + name, b'["' + raw + b'"]')
case("n_utf8_in_key_ff", b'{"\xff":1}')
case("n_utf8_outside_string_ff", b"[\xff]")
case("n_utf8_outside_string_c3a9", "[\u00e9]")
case("n_utf8_top_ff", b"\xff")
case("n_utf8_truncated_at_end_of_input", b'["\xe2\x82')

# ---------------------------------------------------------------- n_: structure
structure = {
    "empty_input": "", "only_space": " ", "only_newline": "\n", "only_tab": "\t", "only_crlf": "\r\n",
    "open_bracket": "[", "close_bracket": "]", "open_brace": "{", "close_brace": "}",
    "array_trailing_comma": "[1,]", "array_leading_comma": "[,1]", "array_double_comma": "[1,,2]",
    "array_only_comma": "[,]", "array_unclosed": "[1", "array_unclosed_after_comma": "[1,",
    "array_missing_comma": "[1 2]", "array_extra_close": "[1]]", "array_semicolon": "[1;2]",
    "array_colon": "[1:2]", "array_close_with_brace": "[1}", "array_nested_unclosed": "[[]",
    "array_two_top": "[1] [2]", "array_then_garbage": "[1]x", "array_then_comma": "[1],",
    "array_then_number": "[]1", "array_then_string": '[]""', "array_then_close": "[]]",
    "object_trailing_comma": '{"a":1,}', "object_only_comma": "{,}", "object_missing_value": '{"a":}',
    "object_missing_colon": '{"a" 1}', "object_key_only": '{"a"}', "object_missing_key": "{:1}",
    "object_number_key": "{1:1}", "object_bare_key": "{a:1}", "object_single_quote_key": "{'a':1}",
    "object_extra_close": '{"a":1}}', "object_unclosed": '{"a":1', "object_unclosed_after_key": '{"a"',
    "object_unclosed_after_colon": '{"a":', "object_unclosed_after_comma": '{"a":1,',
    "object_double_colon": '{"a"::1}', "object_semicolon": '{"a";1}', "object_equals": '{"a"=1}',
    "object_missing_comma": '{"a":1 "b":2}', "object_second_key_only": '{"a":1,"b"}',
    "object_array_key": "{[]:1}", "object_object_key": "{{}:1}", "object_null_key": "{null:1}",
    "object_close_with_bracket": '{"a":1]', "object_leading_comma": '{,"a":1}',
    "object_double_comma": '{"a":1,,"b":2}', "object_then_garbage": '{"a":1}x',
    "object_two_top": "{}{}", "object_arrow": '{"a"=>1}',
    "comment_line_after": "[1]//c", "comment_line_before": "//c\n[1]", "comment_block_before": "/*c*/[1]",
    "comment_block_inside": "[1/*c*/]", "comment_hash": "#c\n[1]", "comment_block_unclosed": "[1]/*",
    "comment_only": "/**/", "slash_only": "/",
    "two_scalars": "1 2", "scalar_then_comma": "1,", "comma_only": ",", "colon_only": ":",
    "parens": "(1)", "angle": "<>", "bare_word": "abc", "undefined": "undefined",
    "nul_after_value": "[]\x00", "nul_before_value": "\x00[]", "nul_in_array": "[\x00]",
    "nul_only": "\x00", "nul_after_scalar": "1\x00",
    "nbsp_before": "\u00a0[]", "nbsp_inside": "[\u00a0]", "nbsp_after": "[]\u00a0",
    "formfeed_before": "\f[]", "formfeed_inside": "[\f]", "formfeed_after": "[]\f",
    "vertical_tab_inside": "[\v]", "line_separator_inside": "[\u2028]", "ideographic_space": "[\u3000]",
    "zero_width_space": "[\u200b1]", "en_quad_whitespace": "[\u20001]",
    "bom_inside_array": "[\ufeff]", "bom_after_value": "[]\ufeff", "bom_between_values": "[1,\ufeff2]",
    "escape_outside_string": "[\\n]", "u_escape_outside_string": "\\u005b\\u005d",
    "unclosed_nested_mixed": '[{"a":[{"b":', "array_of_colon": "[:]", "array_of_brace_close": "[}]",
    "object_in_key_position_unclosed": '{"a":1,{', "lone_minus_in_array": "[-]",
}
for name, text in structure.items():
    case("n_structure_" + name, text)
case("n_structure_deep_100000_open_arrays", "[" * 100000)
case("n_structure_deep_open_mixed", '[{"":' * 20000)
case("n_structure_deep_513_arrays_unclosed", "[" * 513)
case("n_structure_deep_arrays_one_short", "[" * 300 + "]" * 299)
case("n_structure_deep_objects_one_extra", '{"a":' * 300 + "0" + "}" * 301)

# ---------------------------------------------------------------- n_: literals
literals = {
    "true_capital": "True", "false_capital": "False", "null_capital": "Null", "null_upper": "NULL",
    "tru": "tru", "fals": "fals", "nul": "nul", "truex": "truex", "nulll": "nulll",
    "true_space_inside": "t rue", "nil": "nil", "none": "None", "yes": "yes", "nan": "nan",
    "NaN": "NaN", "minus_NaN": "-NaN", "Infinity": "Infinity", "minus_Infinity": "-Infinity",
    "plus_Infinity": "+Infinity", "inf": "inf", "true_then_false": "truefalse",
}
for name, text in literals.items():
    case("n_literal_" + name, "[" + text + "]")
    case("n_literal_top_" + name, text)
case("n_literal_truncated_true_top", "t")
case("n_literal_truncated_null_in_object", '{"a":nu}')

# ---------------------------------------------------------------- n_: numbers
bad_numbers = {
    "leading_zero": "01", "negative_leading_zero": "-01", "double_zero": "00", "trailing_dot": "1.",
    "leading_dot": ".1", "minus_leading_dot": "-.1", "minus_only": "-", "plus": "+1", "plus_zero": "+0",
    "hex": "0x1", "hex_only_prefix": "0x", "hex_upper": "0X1F", "binary": "0b1", "octal": "0o7",
    "exp_no_digits": "1e", "exp_plus_no_digits": "1e+", "exp_minus_no_digits": "1e-", "exp_upper_no_digits": "1E",
    "minus_trailing_dot": "-1.", "dot_then_exp": "1.e1", "real_exp_no_digits": "1.0e", "double_minus": "--1",
    "minus_plus": "-+1", "trailing_minus": "1-", "plus_inside": "1+1", "double_exp": "1ee1",
    "real_exponent": "1e1.0", "two_dots": "1.0.0", "two_dots_leading_zero": "0.1.2", "exp_plus_minus": "1.5e+-1",
    "minus_space": "- 1", "minus_letter": "-a", "underscore": "1_000", "space_inside": "1 000",
    "arabic_digit": "\u0661", "fullwidth_digit": "\uff11", "suffix_f": "1f", "suffix_d": "1.0d",
    "suffix_L": "1L", "exp_twice": "1E2E3", "zero_leading_zero_real": "00.5", "exp_only": "e1",
    "upper_exp_only": "E1", "dot_only": ".", "minus_dot": "-.", "zero_then_digits_exp": "012e3",
    "trailing_exp_sign": "0e+", "dot_exp_dot": "1.e.1", "minus_exp": "-e1",
    "minus_zero_leading": "-00", "dollar": "$1", "percent": "1%", "thousands_quote": "1'000",
    "exp_arabic_digit": "1e\u0663", "minus_minus_zero": "--0",
}
for name, text in bad_numbers.items():
    case("n_number_" + name, "[" + text + "]")
for name in ["leading_zero", "trailing_dot", "leading_dot", "minus_only", "plus", "hex", "exp_no_digits",
             "exp_plus_no_digits", "dot_then_exp", "double_minus"]:
    case("n_number_top_" + name, bad_numbers[name])
case("n_number_in_object_leading_zero", '{"a":01}')
case("n_number_top_comma_decimal", "1,5")
case("n_number_top_minus_then_space", "-  ")

# ---------------------------------------------------------------- byte order marks and other encodings
bom = b"\xef\xbb\xbf"
case("i_bom_then_object", bom + b"{}")
case("i_bom_then_array_spaces", bom + b" [1] ")
case("i_bom_then_scalar", bom + b"2")
case("i_bom_then_newline_object", bom + b'\n{"a":"\xc3\xa9"}')
case("n_bom_only", bom)
case("n_bom_then_whitespace_only", bom + b"  \n")
case("n_bom_twice", bom + bom + b"{}")
case("n_bom_truncated", b"\xef\xbb{}")
case("n_bom_after_whitespace", b" " + bom + b"{}")
doc = '{"a":[1,"\u00e9"]}'
case("i_reject_utf16le_bom", b"\xff\xfe" + doc.encode("utf-16-le"))
case("i_reject_utf16be_bom", b"\xfe\xff" + doc.encode("utf-16-be"))
case("i_reject_utf16le_no_bom", doc.encode("utf-16-le"))
case("i_reject_utf16be_no_bom", doc.encode("utf-16-be"))
case("i_reject_utf32le_bom", b"\xff\xfe\x00\x00" + doc.encode("utf-32-le"))
case("i_reject_utf32be_bom", b"\x00\x00\xfe\xff" + doc.encode("utf-32-be"))
case("i_reject_utf32le_no_bom", doc.encode("utf-32-le"))
case("i_reject_utf32be_no_bom", doc.encode("utf-32-be"))
case("i_reject_utf16le_scalar", "2".encode("utf-16-le"))
case("i_reject_utf16le_bom_only", b"\xff\xfe")

# ---------------------------------------------------------------- i_reject_: nesting past the limit
case("i_reject_depth_513_arrays", "[" * 513 + "]" * 513)
case("i_reject_depth_513_objects", '{"a":' * 512 + "{}" + "}" * 512)
case("i_reject_depth_100000_arrays", "[" * 100000 + "]" * 100000)
case("i_reject_depth_deep_mixed_closed", '[{"":' * 5000 + "0" + "}]" * 5000)

shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
for name, data in sorted(cases.items()):
    with open(os.path.join(OUT, name + ".json"), "wb") as handle:
        handle.write(data)
groups = {}
for name in cases:
    prefix = name.split("_")[0] if not name.startswith("i_") else "_".join(name.split("_")[:2])
    groups[prefix] = groups.get(prefix, 0) + 1
print(len(cases), "cases:", ", ".join("%s %d" % item for item in sorted(groups.items())))
