printf '%064d' 0 | tr 0 '\0' | xxd -a
(printf 'x'; printf '%080d' 0 | tr 0 '\0'; printf 'y') | xxd -a
