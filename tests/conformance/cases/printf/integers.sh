printf '%d %i\n' 42 -7
printf '[%5d][%-5d][%05d]\n' 42 42 42
printf '%d\n' 0x10 010
