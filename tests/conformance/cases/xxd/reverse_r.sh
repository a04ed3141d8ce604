printf 'roundtrip\n\0\377 data' | xxd | xxd -r | od -c
