printf 'a\0b:c\nx:y\0z\n' | cut -d: -f2 | sed 's/\x0/<NUL>/g'
