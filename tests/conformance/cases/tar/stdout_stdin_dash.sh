mkdir d; printf 'piped\n' > d/f
tar cf - d | tar tf -
tar cf - d | (mkdir x && cd x && tar xf -); cat x/d/f
