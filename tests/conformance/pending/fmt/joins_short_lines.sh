printf 'one\ntwo\nthree\n' | fmt
