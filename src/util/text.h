/* Untrusted text (names from manifests, bytes from file headers) on its way
 * to a terminal or an XML file: what may pass as it is, and the visible
 * \xNN escape for everything else, so a hostile file can neither send
 * escape sequences to a terminal nor make a report file invalid. */
#ifndef IRRUN_TEXT_H
#define IRRUN_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/status.h"

/* Length (1-4) of the well-formed UTF-8 sequence at s[0..n), its code point
 * in *cp; 0 for a byte that does not start one (stray continuation bytes,
 * overlong forms, surrogates, beyond U+10FFFF, truncated). */
size_t text_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);

/* Writes s[0..n) with every byte that is not printable text as \xNN:
 * C0 and C1 controls (but tab and, when keep_newlines, newline), DEL,
 * bytes that are not well-formed UTF-8, and the backslash itself (so the
 * output reads back unambiguously). IRRUN_OK, or IRRUN_BAD_INPUT when the
 * stream reports a write error. */
irrun_status text_write_escaped(FILE *out, const char *s, size_t n, int keep_newlines);

/* s[0..n) into out[0..cap) as printable ASCII only, every other byte
 * (and '\\') as \xNN; for bytes that should be ASCII anyway (a .npy
 * header). Truncates to fit; 4n + 1 bytes always suffice. */
void text_escape_ascii(const char *s, size_t n, char *out, size_t cap);

/* Whether code point `cp` may appear in an XML 1.0 document (the Char
 * production). */
int text_xml_char(uint32_t cp);

/* Appends the text s, or the decimal digits of v, at buf[at] (never past
 * buf[cap - 2], NUL not written) and returns the new end: async-signal-safe,
 * for what a signal handler shows (no stdio, no allocation). */
size_t text_append(char *buf, size_t at, size_t cap, const char *s);
size_t text_append_number(char *buf, size_t at, size_t cap, unsigned long v);

#endif
