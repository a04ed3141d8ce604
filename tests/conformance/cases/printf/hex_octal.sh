printf '%x %X %o %#x %#o\n' 255 255 8 255 8
