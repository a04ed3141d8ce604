printf '%#x %#o %X\n' 255 8 255
