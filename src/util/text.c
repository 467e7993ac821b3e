/* UTF-8 checks and visible escapes for untrusted text (see text.h). */
#include "util/text.h"

#include <stdbool.h>
#include <string.h>

size_t text_utf8_next(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    unsigned char c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t len;
    uint32_t v, min;
    if ((c & 0xE0) == 0xC0) {
        len = 2, v = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3, v = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3F);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

static void hex_escape(unsigned char c, char buf[4])
{
    static const char hex[] = "0123456789ABCDEF";
    buf[0] = '\\';
    buf[1] = 'x';
    buf[2] = hex[c >> 4];
    buf[3] = hex[c & 15];
}

static bool put_hex(FILE *out, unsigned char c)
{
    char buf[4];
    hex_escape(c, buf);
    return fwrite(buf, 1, 4, out) == 4;
}

void text_escape_ascii(const char *s, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 <= cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '\\') {
            out[k++] = (char)c;
        } else {
            hex_escape(c, out + k);
            k += 4;
        }
    }
    if (cap > 0)
        out[k < cap ? k : cap - 1] = '\0';
}

irrun_status text_write_escaped(FILE *out, const char *s, size_t n, int keep_newlines)
{
    const unsigned char *p = (const unsigned char *)s;
    bool failed = false;
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len = text_utf8_next(p + i, n - i, &cp);
        int plain = len > 0 && cp != '\\' && cp != 0x7F && !(cp >= 0x80 && cp < 0xA0) &&
                    (cp >= 0x20 || cp == '\t' || (cp == '\n' && keep_newlines));
        if (plain) {
            if (fwrite(p + i, 1, len, out) != len)
                failed = true;
            i += len;
        } else {
            if (!put_hex(out, p[i]))
                failed = true;
            i++;
        }
    }
    return failed ? IRRUN_BAD_INPUT : IRRUN_OK;
}

int text_xml_char(uint32_t cp)
{
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) ||
           (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
}

size_t text_append(char *buf, size_t at, size_t cap, const char *s)
{
    while (s && *s && at + 1 < cap)
        buf[at++] = *s++;
    return at;
}

size_t text_append_number(char *buf, size_t at, size_t cap, unsigned long v)
{
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n > 0 && at + 1 < cap)
        buf[at++] = digits[--n];
    return at;
}
