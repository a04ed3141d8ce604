printf 'xyz\n' | rev
