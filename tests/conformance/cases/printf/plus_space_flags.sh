printf '[%+d][% d][%05d][%-5d]\n' 3 3 3 3
