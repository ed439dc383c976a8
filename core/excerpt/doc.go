// Package excerpt cuts the input an error message quotes to a fixed
// length, so that no input makes an error long: a 4 MiB token is quoted
// as its first [MaxChars] characters, an ellipsis and its length,
// `"NNNN…NNNN"… (4,194,304 bytes)`, where quoting it whole made a
// 4,194,383-character message (16,777,404 for 4 MiB of \x01 bytes, each
// written \x01). Every parser of Bitview (core's FEN, SAN, UCI and PGN
// readers, the expression language, the divide and dump readers, and the
// view's option parsers) quotes its input through it; the error itself
// says where the text starts (an offset, or a line and column).
package excerpt
