printf '00000000: 4142 4344                                ABCD\n00000010: 5a\n' | xxd -r | od -c
