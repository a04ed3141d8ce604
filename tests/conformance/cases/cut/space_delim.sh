printf 'one two  three\n' | cut -d ' ' -f 1,3,4
